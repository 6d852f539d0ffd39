// Polling for the real-gateway tests: the gateway is another process, so what it does is waited for, not awaited.

/** A file's defaults for waiting: how long, how often, and what to add to a timeout's error. */
export interface PollDefaults {
  timeoutMs: number;
  intervalMs: number;
  /** Extra context for the error, such as the gateway's log tail; read only when a wait times out. */
  detail?: () => string;
}

/** A wait that polls `check` (sync or async) until it gives a truthy value, which it returns; it throws naming `what` after the timeout. */
export type WaitFor = <T>(check: () => T | Promise<T>, what: string, timeoutMs?: number) => Promise<NonNullable<T>>;

/** Makes a file's `waitFor` with its defaults. */
export function poller(defaults: PollDefaults): WaitFor {
  return async (check, what, timeoutMs = defaults.timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value) return value as NonNullable<Awaited<typeof value>>;
      if (Date.now() > deadline) {
        const detail = defaults.detail?.();
        throw new Error(`timed out waiting for ${what}${detail ? `\n${detail}` : ""}`);
      }
      await new Promise((r) => setTimeout(r, defaults.intervalMs));
    }
  };
}
