import type { ResponseFrame } from "../protocol/frames";
import type { Timers } from "./clock";
import { GatewayRequestError } from "./connection";

interface Entry {
  id: string;
  method: string;
  text: string;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: unknown;
}

/**
 * Builds the client-side errors (TIMEOUT, DISCONNECTED) in the same shape as the gateway's. `details.sent` says
 * whether the request had left: only then may the gateway have applied it although no answer came.
 */
export function clientError(method: string, code: string, message: string, sent = false): GatewayRequestError {
  return new GatewayRequestError(method, { code, message, details: { sent } });
}

/**
 * Outgoing requests: a queue of those not yet sent (waiting for a connection) and a table of
 * those in flight. Every request has its own deadline, which runs while it waits in the queue too.
 */
export class RequestBook {
  private readonly queued: Entry[] = [];
  private readonly inflight = new Map<string, Entry>();
  private counter = 0;

  constructor(
    private readonly timers: Timers,
    private readonly idPrefix: string,
  ) {}

  /** A fresh request id, unique for this client's lifetime so a late answer can never match a newer request. */
  nextId(): string {
    this.counter += 1;
    return `${this.idPrefix}${this.counter}`;
  }

  /** Queues a request; it is sent by the next `flush`. */
  add(method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = this.nextId();
      let text: string;
      try {
        text = JSON.stringify({ type: "req", id, method, params });
      } catch (error) {
        reject(clientError(method, "INVALID_REQUEST", `the params could not be encoded as JSON (${error instanceof Error ? error.message : String(error)})`));
        return;
      }
      const entry: Entry = { id, method, text, resolve, reject, timer: undefined };
      entry.timer = this.timers.setTimeout(() => this.expire(entry, timeoutMs), timeoutMs);
      this.queued.push(entry);
    });
  }

  /** Sends queued requests in order; stops at the first send that throws, leaving the rest queued. */
  flush(send: (text: string) => void): void {
    while (this.queued.length > 0) {
      const entry = this.queued[0]!;
      try {
        send(entry.text);
      } catch {
        return;
      }
      this.queued.shift();
      this.inflight.set(entry.id, entry);
    }
  }

  /** Settles the request a response answers; false when no request is waiting for it (for example one that timed out). */
  settle(frame: ResponseFrame): boolean {
    const entry = this.inflight.get(frame.id);
    if (!entry) return false;
    this.finish(entry);
    if (frame.ok) entry.resolve(frame.payload);
    else entry.reject(new GatewayRequestError(entry.method, frame.error));
    return true;
  }

  /** Rejects every request already sent: its answer can no longer arrive. Queued ones keep waiting. */
  failInflight(code: string, message: string): void {
    for (const entry of [...this.inflight.values()]) this.fail(entry, code, message);
  }

  /** Rejects everything, queued and in flight. */
  failAll(code: string, message: string): void {
    this.failInflight(code, message);
    for (const entry of [...this.queued]) this.fail(entry, code, message);
  }

  /** How many requests are waiting, queued or in flight. */
  get size(): number {
    return this.queued.length + this.inflight.size;
  }

  private fail(entry: Entry, code: string, message: string): void {
    const sent = this.inflight.has(entry.id);
    this.finish(entry);
    entry.reject(clientError(entry.method, code, message, sent));
  }

  private expire(entry: Entry, timeoutMs: number): void {
    const wasSent = this.inflight.has(entry.id);
    this.fail(entry, "TIMEOUT", wasSent ? `no answer within ${timeoutMs} ms` : `not connected within ${timeoutMs} ms`);
  }

  private finish(entry: Entry): void {
    this.timers.clearTimeout(entry.timer);
    this.inflight.delete(entry.id);
    const at = this.queued.indexOf(entry);
    if (at >= 0) this.queued.splice(at, 1);
  }
}
