import { createStore, get, set, type UseStore } from "idb-keyval";
import { errorMessage } from "../protocol/result";

/** What a key store keeps: the Ed25519 key pair and its raw 32-byte public key. */
export interface StoredKeyPair {
  keyPair: CryptoKeyPair;
  publicKeyRaw: Uint8Array;
}

/** Where the device key pair lives between page loads; the same key means the same paired device. */
export interface KeyStore {
  load(): Promise<StoredKeyPair | undefined>;
  save(stored: StoredKeyPair): Promise<void>;
}

/** The device identity the client signs connects with. */
export interface DeviceIdentity {
  /** Hex SHA-256 of the raw public key. */
  deviceId: string;
  /** The raw public key, base64url. */
  publicKey: string;
  privateKey: CryptoKey;
  /** False when the store refused the key; this identity then lasts only as long as the page. */
  persisted: boolean;
}

/** What the v3 device signature covers, besides the device id. */
export interface ConnectSignatureFields {
  clientId: string;
  mode: string;
  role: string;
  scopes: readonly string[];
  /** The challenge `ts`, not the local clock. */
  signedAt: number;
  token?: string;
  nonce: string;
  platform: string;
  deviceFamily?: string;
}

const ED25519 = { name: "Ed25519" } as const;

function subtle(): SubtleCrypto {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new Error("WebCrypto is not available here (it needs a secure context such as https or localhost).");
  return api;
}

// Duck-typed on purpose: values read back from IndexedDB may come from another realm, where instanceof fails.
function isUsable(stored: StoredKeyPair | undefined): stored is StoredKeyPair {
  const key = stored?.keyPair?.privateKey as Partial<CryptoKey> | undefined;
  const raw = stored?.publicKeyRaw;
  return ArrayBuffer.isView(raw) && raw.byteLength === 32 && key?.type === "private" && key.algorithm?.name === ED25519.name;
}

async function identityOf(stored: StoredKeyPair, persisted: boolean): Promise<DeviceIdentity> {
  return {
    deviceId: toHex(new Uint8Array(await subtle().digest("SHA-256", new Uint8Array(stored.publicKeyRaw)))),
    publicKey: toBase64Url(stored.publicKeyRaw),
    privateKey: stored.keyPair.privateKey,
    persisted,
  };
}

/** Loads the stored device key, or creates and stores one; an unreadable stored key is replaced. */
export async function loadOrCreateDeviceIdentity(store: KeyStore): Promise<DeviceIdentity> {
  // A broken store (private mode, blocked IndexedDB) must not stop the connection; a fresh key is still valid.
  const stored = await Promise.resolve().then(() => store.load()).catch(() => undefined);
  if (isUsable(stored)) return identityOf(stored, true);
  let keyPair: CryptoKeyPair;
  try {
    keyPair = (await subtle().generateKey(ED25519, false, ["sign", "verify"])) as CryptoKeyPair;
  } catch (error) {
    throw new Error(`This browser cannot create an Ed25519 device key: ${errorMessage(error)}`);
  }
  const fresh = { keyPair, publicKeyRaw: new Uint8Array(await subtle().exportKey("raw", keyPair.publicKey)) };
  const persisted = await Promise.resolve().then(() => store.save(fresh)).then(() => true, () => false);
  return identityOf(fresh, persisted);
}

// The gateway lowercases ASCII only; toLowerCase() would also fold other scripts and break the signature.
function asciiLower(value: string | undefined): string {
  return (value ?? "").trim().replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

/** The v3 string the device signs: its fields joined by "|", platform and device family lowercased (ASCII only). */
export function buildSignaturePayload(deviceId: string, f: ConnectSignatureFields): string {
  const asSent = [f.clientId, f.mode, f.role, f.scopes.join(","), String(f.signedAt), f.token ?? "", f.nonce];
  return ["v3", deviceId, ...asSent, asciiLower(f.platform), asciiLower(f.deviceFamily)].join("|");
}

/** Signs a connect challenge with the device key and returns the connect params' `device` block. */
export async function signConnect(identity: DeviceIdentity, fields: ConnectSignatureFields) {
  const payload = new TextEncoder().encode(buildSignaturePayload(identity.deviceId, fields));
  const signature = new Uint8Array(await subtle().sign(ED25519, identity.privateKey, payload));
  return {
    id: identity.deviceId,
    publicKey: identity.publicKey,
    signature: toBase64Url(signature),
    signedAt: fields.signedAt,
    nonce: fields.nonce,
  };
}

/** Encodes bytes as unpadded base64url, the form the gateway expects for keys and signatures. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Decodes base64url (padded or not) into bytes; throws on characters outside the alphabet. */
export function fromBase64Url(text: string): Uint8Array {
  const normal = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(normal + "=".repeat((4 - (normal.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A key store that lives as long as the page: every reload is a new device. */
export function createMemoryKeyStore(initial?: StoredKeyPair): KeyStore {
  let stored = initial;
  return {
    load: async () => stored,
    save: async (next) => void (stored = next),
  };
}

/** Where the IndexedDB key store keeps the device key. */
export interface IndexedDbKeyStoreOptions {
  /** Own database: idb-keyval keeps one object store per database. @default "openclaw-question-dock-device" */
  dbName?: string;
  /** @default "device" */
  storeName?: string;
  /** @default "identity" */
  key?: string;
}

/** A key store in IndexedDB: the non-extractable CryptoKeyPair is stored as is; `save` rejects if a browser can't. */
export function createIndexedDbKeyStore(options: IndexedDbKeyStoreOptions = {}): KeyStore {
  const key = options.key ?? "identity";
  let db: UseStore | undefined;
  // Opened lazily: creating the store opens the database, which must not happen at import or in Node.
  const open = (): UseStore => (db ??= createStore(options.dbName ?? "openclaw-question-dock-device", options.storeName ?? "device"));
  return {
    load: () => get<StoredKeyPair>(key, open()),
    save: (stored) => set(key, stored, open()),
  };
}
