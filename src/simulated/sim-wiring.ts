// Small parts the simulated gateway wires together: ids, copies for scripting callers, frame delivery, and what a
// chat message carries.
import type { ChatSendParams } from "../protocol/methods";
import type { SimClock } from "./sim-clock";
import type { Deliver } from "./sim-connection";

/** A fresh unique id: a UUID where the platform has one. */
export function randomId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** A deep copy through JSON: scripting callers get copies, as clients get JSON, so nobody reaches into the gateway's state. */
export function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** How frames reach a connection: on the next microtask, or after `latencyMs` on the clock. */
export function deliverer(clock: SimClock, latencyMs: number): Deliver {
  // Microtasks keep frames in order and survive fake timers; a latency uses the clock so tests can step it.
  return latencyMs > 0 ? (run) => void clock.setTimeout(run, latencyMs) : (run) => queueMicrotask(run);
}

/** True when a chat message carries an image: the gateway never takes it as an answer, it sets the question aside. */
export function hasImage(p: ChatSendParams): boolean {
  const attachments = (p as { attachments?: unknown }).attachments;
  return Array.isArray(attachments) && attachments.some((a) => (a as { type?: unknown } | null)?.type === "image");
}
