import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import {
  buildSignaturePayload,
  createIndexedDbKeyStore,
  createMemoryKeyStore,
  fromBase64Url,
  loadOrCreateDeviceIdentity,
  signConnect,
  toHex,
  type ConnectSignatureFields,
  type KeyStore,
} from "../../../src/gateway/device-identity";

const fields: ConnectSignatureFields = {
  clientId: "openclaw-control-ui",
  mode: "webchat",
  role: "operator",
  scopes: ["operator.read", "operator.questions"],
  signedAt: 1737264000000,
  token: "secret-token",
  nonce: "nonce-1",
  platform: " MacIntel ",
  deviceFamily: "Mac",
};

async function verify(publicKey: string, signature: string, text: string): Promise<boolean> {
  const key = await crypto.subtle.importKey("raw", new Uint8Array(fromBase64Url(publicKey)), { name: "Ed25519" }, false, ["verify"]);
  return crypto.subtle.verify({ name: "Ed25519" }, key, new Uint8Array(fromBase64Url(signature)), new TextEncoder().encode(text));
}

describe("device identity", () => {
  it("derives the device id as the hex SHA-256 of the raw 32-byte public key", async () => {
    const identity = await loadOrCreateDeviceIdentity(createMemoryKeyStore());
    const raw = fromBase64Url(identity.publicKey);
    expect(raw).toHaveLength(32);
    expect(identity.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    const digest = toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(raw))));
    expect(identity.deviceId).toBe(digest);
    expect(identity.deviceId).toMatch(/^[0-9a-f]{64}$/);
  });

  it("builds the v3 payload with ASCII-lowercased platform and device family", () => {
    expect(buildSignaturePayload("dev", fields)).toBe(
      "v3|dev|openclaw-control-ui|webchat|operator|operator.read,operator.questions|1737264000000|secret-token|nonce-1|macintel|mac",
    );
    expect(buildSignaturePayload("dev", { ...fields, token: undefined, deviceFamily: undefined, platform: "Web-İ" })).toBe(
      "v3|dev|openclaw-control-ui|webchat|operator|operator.read,operator.questions|1737264000000||nonce-1|web-İ|",
    );
  });

  it("signs the v3 payload so the public key verifies it, and echoes the challenge ts and nonce", async () => {
    const identity = await loadOrCreateDeviceIdentity(createMemoryKeyStore());
    const device = await signConnect(identity, fields);
    expect(device).toMatchObject({ id: identity.deviceId, publicKey: identity.publicKey, signedAt: fields.signedAt, nonce: "nonce-1" });
    expect(await verify(device.publicKey, device.signature, buildSignaturePayload(identity.deviceId, fields))).toBe(true);
    expect(await verify(device.publicKey, device.signature, buildSignaturePayload(identity.deviceId, { ...fields, nonce: "other" }))).toBe(false);
  });

  it("keeps one device across loads from the same store, with a private key that cannot be exported", async () => {
    const store = createMemoryKeyStore();
    const a = await loadOrCreateDeviceIdentity(store);
    const b = await loadOrCreateDeviceIdentity(store);
    expect(b.deviceId).toBe(a.deviceId);
    expect(a.persisted).toBe(true);
    await expect(crypto.subtle.exportKey("pkcs8", a.privateKey)).rejects.toThrow();
  });

  it("survives a reload through IndexedDB as the same non-extractable key", async () => {
    const dbName = `identity-${Math.random()}`;
    const first = await loadOrCreateDeviceIdentity(createIndexedDbKeyStore({ dbName }));
    const reloaded = await loadOrCreateDeviceIdentity(createIndexedDbKeyStore({ dbName }));
    expect(reloaded.deviceId).toBe(first.deviceId);
    expect(reloaded.privateKey.extractable).toBe(false);
    const device = await signConnect(reloaded, fields);
    expect(await verify(first.publicKey, device.signature, buildSignaturePayload(first.deviceId, fields))).toBe(true);
  });

  it("still yields a working identity when the store cannot load or save, and says it is not persisted", async () => {
    const broken: KeyStore = {
      load: () => Promise.reject(new Error("blocked")),
      save: () => Promise.reject(new DOMException("cannot clone", "DataCloneError")),
    };
    const identity = await loadOrCreateDeviceIdentity(broken);
    expect(identity.persisted).toBe(false);
    const device = await signConnect(identity, fields);
    expect(await verify(device.publicKey, device.signature, buildSignaturePayload(identity.deviceId, fields))).toBe(true);
  });

  it("replaces a stored value that is not a usable key pair", async () => {
    let saved: unknown;
    const store: KeyStore = {
      load: async () => ({ keyPair: { privateKey: "nope" }, publicKeyRaw: new Uint8Array(3) }) as never,
      save: async (k) => {
        saved = k;
      },
    };
    const identity = await loadOrCreateDeviceIdentity(store);
    expect(identity.deviceId).toMatch(/^[0-9a-f]{64}$/);
    expect(saved).toBeDefined();
  });
});
