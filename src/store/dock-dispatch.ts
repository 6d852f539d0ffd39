// How a dock's state changes and who hears of it. An event goes through dockReducer; the listeners of its name hear
// it at once, with the states before and after it; the store's subscribers (the views) hear the state once the
// outermost dispatch or batch is over, so an event and all its listeners dispatch in answer render once.
import type { StoreApi } from "zustand/vanilla";
import type { DockContext, DockEventListener, DockEventType } from "./dock-context";
import { dockReducer, type DockEvent } from "./dock/dock-reducer";
import type { DockStore } from "./dock/types";

/** The part of a dock's context that changes its state and tells of each change. */
export type DockDispatch = Pick<DockContext, "dispatch" | "batch" | "get" | "on">;

interface Applied {
  event: DockEvent;
  next: DockStore;
  prev: DockStore;
}

type AnyListener = (event: DockEvent, next: DockStore, prev: DockStore) => void;

/** Dispatch, batch and named events over one dock store, whose state nothing else writes. */
export function createDockDispatch(store: StoreApi<DockStore>): DockDispatch {
  // Within a batch, the state so far; subscribers hear of it once the batch ends.
  let pending: DockStore | undefined;
  let depth = 0;
  const listeners = new Map<DockEventType, Set<AnyListener>>();
  // An event a listener dispatches waits until the one being delivered has reached every listener, so all of
  // them hear events in the order they were applied.
  const queue: Applied[] = [];
  let delivering = false;

  const get = () => pending ?? store.getState();

  // The end of a batch: the outermost one hands the state to the subscribers.
  const close = () => {
    depth--;
    const next = depth === 0 ? pending : undefined;
    if (next) {
      pending = undefined;
      store.setState(next, true);
    }
  };

  const batch = (fn: () => void) => {
    depth++;
    try {
      fn();
    } finally {
      close();
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
      // A listener threw: what was still queued would otherwise reach listeners out of turn, after a later event.
      queue.length = 0;
    }
  };

  const dispatch = (event: DockEvent) => {
    const prev = get();
    const next = dockReducer(prev, event) as DockStore;
    if (next === prev) return;
    // The reducer knows the state only (and copies it field by field), so the actions are carried over here.
    next.actions = prev.actions;
    // A batch of its own, written out: a closure per event is garbage on the hottest path.
    depth++;
    try {
      pending = next;
      queue.push({ event, next, prev });
      if (!delivering) deliver();
    } finally {
      close();
    }
  };

  const on = <T extends DockEventType>(types: readonly T[], listener: DockEventListener<T>) => {
    // Its own function per call, so registering one listener twice gives two independent unsubscribes.
    const l: AnyListener = (event, next, prev) => listener(event as Parameters<typeof listener>[0], next, prev);
    for (const type of types) {
      const set = listeners.get(type) ?? new Set<AnyListener>();
      listeners.set(type, set.add(l));
    }
    return () => types.forEach((type) => listeners.get(type)?.delete(l));
  };

  return { dispatch, batch, get, on };
}
