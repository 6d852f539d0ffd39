/**
 * True when a record belongs to the dock's session. "main" is the gateway's alias for its main session key
 * (e.g. `agent:main:main`), so either spelling matches the other. Sessionless records are shown only when
 * asked for: they need privileged access and belong to no conversation.
 */
export function belongsToSession(
  recordKey: string | undefined,
  dockKey: string,
  mainSessionKey: string | undefined,
  showSessionless: boolean,
): boolean {
  if (recordKey === undefined || recordKey === "") return showSessionless;
  if (recordKey === dockKey) return true;
  if (!mainSessionKey) return false;
  return (dockKey === "main" && recordKey === mainSessionKey) || (recordKey === "main" && dockKey === mainSessionKey);
}
