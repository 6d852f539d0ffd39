/** A set of listeners where one that throws cannot stop the others or the client's own work. */
export class ListenerSet<Args extends unknown[]> {
  private readonly fns = new Set<(...args: Args) => void>();

  add(fn: (...args: Args) => void): () => void {
    this.fns.add(fn);
    return () => {
      this.fns.delete(fn);
    };
  }

  emit(...args: Args): void {
    for (const fn of [...this.fns]) {
      try {
        fn(...args);
      } catch (error) {
        reportLater(error);
      }
    }
  }
}

// Reported outside the client's call stack so the bug still shows without breaking the socket loop.
function reportLater(error: unknown): void {
  const report = (globalThis as { reportError?: (e: unknown) => void }).reportError;
  if (typeof report === "function") report(error);
  else console.error("A gateway client listener threw:", error);
}
