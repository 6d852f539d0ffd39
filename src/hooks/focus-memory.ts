// What a dock knows about keyboard focus, kept per store rather than per mount: views remount (a session switched
// away and back, a host's re-render, a layout change), and a remount must neither take focus again nor forget
// that the person was working in the dock.

/** A dock's knowledge of focus: which prompts have appeared, and which request the dock showed while it held focus. */
export interface FocusMemory {
  /** Requests whose prompt has appeared: arrival is the one moment a blocking prompt takes focus. */
  shown: Set<string>;
  /**
   * The request the dock showed while focus was in it. It stays when focus fell out only because the element that
   * had it was removed (a step, a card or the collapsed bar replaced), and clears when the person moves focus out.
   */
  heldBy: string | null;
}

const memoryByStore = new WeakMap<object, FocusMemory>();

/** The focus memory of a dock store, made on first use. */
export function focusMemoryOf(store: object): FocusMemory {
  let memory = memoryByStore.get(store);
  if (!memory) memoryByStore.set(store, (memory = { shown: new Set(), heldBy: null }));
  return memory;
}

/** True when nothing on the page has focus: it sits on the body, or on an element that is gone. */
export function focusIsLost(doc: Document): boolean {
  const active = doc.activeElement;
  return !active || active === doc.body || !active.isConnected;
}
