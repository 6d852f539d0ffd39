/** The URL if absolute http(s) without credentials: those would hide where a link goes and could leak on click. */
export function safeHttpUrl(raw: unknown): string | undefined {
  // URL.canParse ships in every browser that has the Ed25519 WebCrypto the dock needs to connect.
  if (typeof raw !== "string" || !URL.canParse(raw.trim())) return undefined;
  const url = new URL(raw.trim());
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  // An empty user-info ("https://@host") is dropped from href, so only real credentials are refused.
  if (url.username !== "" || url.password !== "") return undefined;
  return url.href;
}
