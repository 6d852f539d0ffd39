import type { ResponseFrame } from "../protocol/frames";
import type { Timers } from "./clock";
import { GatewayRequestError } from "./connection";

interface Entry {
  id: string;
  method: string;
  text: string;
  /** True once it left: only then may the gateway have applied it, and only then can an answer come. */
  sent: boolean;
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
 * Outgoing requests, in the order they were added: those not sent yet wait for a connection, those sent wait for
 * an answer. Every request has its own deadline, which runs while it waits to be sent too.
 */
export class RequestBook {
  private readonly entries = new Map<string, Entry>();
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
      const entry: Entry = { id, method, text, sent: false, resolve, reject, timer: undefined };
      entry.timer = this.timers.setTimeout(() => this.fail(entry, "TIMEOUT", entry.sent ? `no answer within ${timeoutMs} ms` : `not connected within ${timeoutMs} ms`), timeoutMs);
      this.entries.set(id, entry);
    });
  }

  /** Sends the requests not sent yet, in order; stops at the first send that throws, leaving the rest to wait. */
  flush(send: (text: string) => void): void {
    for (const entry of this.entries.values()) {
      if (entry.sent) continue;
      try {
        send(entry.text);
      } catch {
        return;
      }
      entry.sent = true;
    }
  }

  /** Settles the request a response answers; false when no request is waiting for it (for example one that timed out). */
  settle(frame: ResponseFrame): boolean {
    const entry = this.entries.get(frame.id);
    if (!entry?.sent) return false;
    this.finish(entry);
    if (frame.ok) entry.resolve(frame.payload);
    else entry.reject(new GatewayRequestError(entry.method, frame.error));
    return true;
  }

  /** Rejects every request already sent: its answer can no longer arrive. The others keep waiting. */
  failInflight(code: string, message: string): void {
    for (const entry of [...this.entries.values()]) if (entry.sent) this.fail(entry, code, message);
  }

  /** Rejects everything, sent or not, the sent first. */
  failAll(code: string, message: string): void {
    this.failInflight(code, message);
    for (const entry of [...this.entries.values()]) this.fail(entry, code, message);
  }

  private fail(entry: Entry, code: string, message: string): void {
    this.finish(entry);
    entry.reject(clientError(entry.method, code, message, entry.sent));
  }

  private finish(entry: Entry): void {
    this.timers.clearTimeout(entry.timer);
    this.entries.delete(entry.id);
  }
}
