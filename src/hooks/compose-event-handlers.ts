/**
 * Runs the consumer's handler first; the built-in one runs unless the consumer called preventDefault.
 * A default already prevented further down the tree (a Radix radio prevents Enter) does not count as opting out.
 */
export function composeEventHandlers<E extends { defaultPrevented: boolean }>(
  consumer: ((event: E) => void) | undefined,
  builtIn: (event: E) => void,
): (event: E) => void {
  return (event) => {
    const before = event.defaultPrevented;
    consumer?.(event);
    if (!before && event.defaultPrevented) return;
    builtIn(event);
  };
}
