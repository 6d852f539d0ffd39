// One way a conversation's state changes and one way to hear of it: `dispatch` applies a named event through the
// reducer, `on` hears events by name with the states before and after, and the store's subscribers (the views) hear
// the state once the outermost dispatch or batch is over, so an event and what its listeners dispatch render once.
import type { StoreApi } from "zustand/vanilla";

type Listener<S, E> = (event: E, next: S, prev: S) => void;

/** Dispatch, batch and named events over one store, whose state nothing else writes. */
export type Machine<S, E extends { type: string }> = ReturnType<typeof createMachine<S, E>>;

/** The machine over `store`, whose state only `reduce` computes. */
export function createMachine<S, E extends { type: string }>(store: StoreApi<S>, reduce: (state: S, event: E) => S) {
  // Within a batch, the state so far; subscribers hear of it once the batch ends.
  let pending: S | undefined;
  let depth = 0;
  const listeners = new Map<string, Set<Listener<S, E>>>();
  // An event a listener dispatches waits until the one being delivered has reached every listener.
  const queue: Array<{ event: E; next: S; prev: S }> = [];
  let delivering = false;

  /** The current state, including events of a batch still running. */
  const get = () => pending ?? store.getState();

  /** Runs `fn`, whose events reach the store's subscribers as one change. */
  const batch = (fn: () => void) => {
    depth++;
    try {
      fn();
    } finally {
      depth--;
      const next = depth === 0 ? pending : undefined;
      if (next) {
        pending = undefined;
        store.setState(next, true);
      }
    }
  };

  const deliver = () => {
    delivering = true;
    try {
      for (let applied = queue.shift(); applied; applied = queue.shift()) {
        const heard = listeners.get(applied.event.type);
        if (!heard) continue;
        // A listener removed by an earlier one of the same event is not called for it.
        for (const listener of [...heard]) if (heard.has(listener)) listener(applied.event, applied.next, applied.prev);
      }
    } finally {
      delivering = false;
      // A listener threw: what was still queued would otherwise reach listeners out of turn (only then: an emptied array lets go of its store).
      if (queue.length > 0) queue.length = 0;
    }
  };

  /** Applies one event through the reducer: the only way the state changes. */
  const dispatch = (event: E) => {
    const prev = get();
    const next = reduce(prev, event);
    if (next === prev) return;
    pending = next;
    queue.push({ event, next, prev });
    // While delivering, a batch is running: it delivers this event in turn and renders once at its end.
    if (!delivering) batch(deliver);
  };

  /** Calls `listener` after each event of `types` that changed the state (with next and previous state); returns the unsubscribe. */
  const on = <T extends E["type"]>(types: readonly T[], listener: Listener<S, Extract<E, { type: T }>>): (() => void) => {
    // Its own function per call, so registering one listener twice gives two independent unsubscribes.
    const own: Listener<S, E> = (event, next, prev) => listener(event as Extract<E, { type: T }>, next, prev);
    for (const type of types) {
      const set = listeners.get(type) ?? new Set();
      listeners.set(type, set.add(own));
    }
    return () => types.forEach((type) => listeners.get(type)?.delete(own));
  };

  return { get, dispatch, batch, on };
}
