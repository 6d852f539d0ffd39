/** The URL if absolute http(s) without credentials: those would hide where a link goes and could leak on click. */
export function safeHttpUrl(raw: unknown): string | undefined {
  if (typeof raw !== "string") return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  // An empty user-info ("https://@host") is dropped from href, so only real credentials are refused.
  if (url.username !== "" || url.password !== "") return undefined;
  return url.href;
}
