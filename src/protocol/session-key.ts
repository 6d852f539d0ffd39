/** True when a record belongs to the dock's session; "main" and the gateway's main session key match each other. */
export function belongsToSession(recordKey: string | undefined, dockKey: string, mainSessionKey: string | undefined, showSessionless: boolean): boolean {
  // Sessionless records need privileged access and belong to no conversation: shown only when asked for.
  if (recordKey === undefined || recordKey === "") return showSessionless;
  if (recordKey === dockKey) return true;
  if (!mainSessionKey) return false;
  return (dockKey === "main" && recordKey === mainSessionKey) || (recordKey === "main" && dockKey === mainSessionKey);
}
