/**
 * Returns the URL when it is absolute http or https without credentials, otherwise undefined. Every other
 * scheme is refused, and so is any user name or password (`https://user:pass@host`): a link shows only its
 * host, so credentials would hide where it really goes and could leak a secret on click.
 */
export function safeHttpUrl(raw: unknown): string | undefined {
  if (typeof raw !== "string") return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  // An empty user-info ("https://@host") parses to neither and is dropped from href, so only real credentials are refused.
  if (url.username !== "" || url.password !== "") return undefined;
  return url.href;
}
