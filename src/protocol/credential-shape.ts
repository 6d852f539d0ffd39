// Credentials must not answer ask_user (the secrets tool is for them); these shapes warn, the person decides.

// Tokens whose prefix names them (provider keys, personal access tokens, cloud key ids).
const PREFIXED = [
  /\bsk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_-]{20,}/,
  /\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}/,
  /\bgh[pousr]_[A-Za-z0-9]{30,}/,
  /\bgithub_pat_[A-Za-z0-9_]{40,}/,
  /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/,
  /\bAIza[0-9A-Za-z_-]{35}\b/,
  /\bglpat-[A-Za-z0-9_-]{20,}/,
];

const PEM_PRIVATE_KEY = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/;

// header.payload.signature, the first two base64url JSON that starts with {"  (eyJ).
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/;

// Long mixed-case runs of high entropy; plain hex and UUIDs are quoted as answers and are no secrets by themselves.
const TOKEN_RUN = /[A-Za-z0-9+/=_-]{32,}/g;
const HEX_ONLY = /^[0-9a-fA-F]+$/;

// Public key material looks random but is no secret, so it is taken out before the long-token scan.
const PUBLIC_MATERIAL = [
  /-----BEGIN (?:[A-Z0-9]+ )*(?:PUBLIC KEY|CERTIFICATE)-----[\s\S]*?(?:-----END [A-Z0-9 ]+-----|$)/g,
  /\b(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com) AAAA[A-Za-z0-9+/=]+/g,
];
const MIN_BITS_PER_CHAR = 4;

function looksRandom(run: string): boolean {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((re) => re.test(run)).length;
  if (HEX_ONLY.test(run) || classes < 3) return false;
  const counts = new Map<string, number>();
  for (const ch of run) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const bitsPerChar = [...counts.values()].reduce((bits, n) => bits - (n / run.length) * Math.log2(n / run.length), 0);
  return bitsPerChar >= MIN_BITS_PER_CHAR;
}

/** True when the text holds something shaped like a credential: an API key, JWT, private key or random token. */
export function looksLikeCredential(text: string): boolean {
  if (text.length < 16) return false;
  if (PEM_PRIVATE_KEY.test(text) || JWT.test(text) || PREFIXED.some((re) => re.test(text))) return true;
  const scanned = PUBLIC_MATERIAL.reduce((rest, re) => rest.replace(re, " "), text);
  return (scanned.match(TOKEN_RUN) ?? []).some(looksRandom);
}
