import { fromBase64Url, toHex } from "../gateway/device-identity";

/** The `device` block of connect params. */
export interface SimDeviceProof {
  id: string;
  publicKey: string;
  signature: string;
  signedAt: number;
  nonce: string;
}

/** The connect fields a device signature covers. */
export interface SimSignedFields {
  clientId: string;
  mode: string;
  role: string;
  scopes: readonly string[];
  token: string;
  platform: string;
  deviceFamily?: string;
}

/** Why a device proof was refused: the gateway's message, `details.code` and `details.reason`. */
export interface SimDeviceFailure {
  message: string;
  code: string;
  reason: string;
}

/** How far a signature's `signedAt` may be from the server clock, in ms. @default 600000 */
export const DEVICE_SIGNATURE_SKEW_MS = 600_000;

const ED25519 = { name: "Ed25519" } as const;

function fail(message: string, code: string, reason: string): SimDeviceFailure {
  return { message, code, reason };
}

// The gateway lowercases ASCII letters only, so non-Latin metadata signs the same on every client.
function asciiLower(value: string | undefined): string {
  return (value ?? "").trim().replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

/** The signed strings the gateway accepts, newest first: v3 (binds platform and device family), then legacy v2. */
export function signaturePayloads(deviceId: string, f: SimSignedFields, signedAt: number, nonce: string): string[] {
  const base = [deviceId, f.clientId, f.mode, f.role, f.scopes.join(","), String(signedAt), f.token, nonce];
  return [["v3", ...base, asciiLower(f.platform), asciiLower(f.deviceFamily)].join("|"), ["v2", ...base].join("|")];
}

function decode(text: string): Uint8Array | undefined {
  try {
    return fromBase64Url(text);
  } catch {
    return undefined;
  }
}

async function verifyAny(publicKey: Uint8Array, signature: Uint8Array, payloads: string[]): Promise<boolean | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  let key: CryptoKey;
  try {
    key = await subtle.importKey("raw", new Uint8Array(publicKey), ED25519, false, ["verify"]);
  } catch (error) {
    // A runtime without Ed25519 cannot check the signature; anything else means the key itself is bad.
    if (error instanceof Error && error.name === "NotSupportedError") return undefined;
    return false;
  }
  for (const payload of payloads) {
    if (await subtle.verify(ED25519, key, new Uint8Array(signature), new TextEncoder().encode(payload))) return true;
  }
  return false;
}

/** Checks nonce, id (the key's SHA-256), signing time and Ed25519 signature like the gateway; the signature check is skipped only without Ed25519 in WebCrypto. */
export async function verifyDeviceProof(device: SimDeviceProof, fields: SimSignedFields, challengeNonce: string, now: number): Promise<SimDeviceFailure | undefined> {
  if (!device.nonce.trim()) return fail("device nonce required", "DEVICE_AUTH_NONCE_REQUIRED", "device-nonce-missing");
  if (device.nonce !== challengeNonce) return fail("device nonce mismatch", "DEVICE_AUTH_NONCE_MISMATCH", "device-nonce-mismatch");
  const publicKey = decode(device.publicKey);
  if (!publicKey || publicKey.length !== 32) return fail("device public key invalid", "DEVICE_AUTH_PUBLIC_KEY_INVALID", "device-public-key");
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    const id = toHex(new Uint8Array(await subtle.digest("SHA-256", new Uint8Array(publicKey))));
    if (id !== device.id) return fail("device identity mismatch", "DEVICE_AUTH_DEVICE_ID_MISMATCH", "device-id-mismatch");
  }
  if (Math.abs(now - device.signedAt) > DEVICE_SIGNATURE_SKEW_MS) {
    return fail("device signature expired", "DEVICE_AUTH_SIGNATURE_EXPIRED", "device-signature-stale");
  }
  const signature = decode(device.signature);
  const verified = signature ? await verifyAny(publicKey, signature, signaturePayloads(device.id, fields, device.signedAt, device.nonce)) : false;
  if (verified === false) return fail("device signature invalid", "DEVICE_AUTH_SIGNATURE_INVALID", "device-signature");
  return undefined;
}
