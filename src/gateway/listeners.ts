/** The listeners of one kind of client news. */
export type Listeners<Args extends unknown[]> = Set<(...args: Args) => void>;

/** Adds `fn`; returns its removal. */
export function listen<Args extends unknown[]>(set: Listeners<Args>, fn: (...args: Args) => void): () => void {
  set.add(fn);
  return () => set.delete(fn);
}

/** Calls each listener; one that throws is reported apart and stops neither the others nor the socket loop. */
export function emit<Args extends unknown[]>(set: Listeners<Args> | undefined, ...args: Args): void {
  for (const fn of [...(set ?? [])]) {
    try {
      fn(...args);
    } catch (error) {
      const report = (globalThis as { reportError?: (e: unknown) => void }).reportError;
      if (typeof report === "function") report(error);
      else console.error("A gateway client listener threw:", error);
    }
  }
}
