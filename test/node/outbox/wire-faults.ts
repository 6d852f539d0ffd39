// Faults on the wire between the real client and a gateway: a request lost on the way, a response
// lost on the way back, or an error answer the simulated gateway never gives (the real gateway's
// "not durably admitted" after a restart). Every request the client sent is recorded.
import type { TransportFactory } from "../../../src/gateway/transport";

export interface SentRequest {
  id: string;
  method: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  params: any;
}

interface Rule {
  method: string;
  kind: "lose-request" | "lose-response" | "fail";
  error?: { code: string; message: string; [key: string]: unknown };
  payload?: unknown;
  forward?: boolean;
}

export interface WireFaults {
  transport: TransportFactory;
  /** Requests of `method` the client sent, oldest first (including lost ones). */
  requests(method: string): SentRequest[];
  /** The next request of `method` never reaches the gateway. */
  loseNextRequest(method: string): void;
  /** The next request of `method` reaches the gateway, but its response never comes back. */
  loseNextResponse(method: string): void;
  /** The next request of `method` is answered with `error`; with `forward` the gateway still gets (and acts on) it. */
  failNext(method: string, error: Rule["error"], opts?: { forward?: boolean; payload?: unknown }): void;
  /** Every request of `method` is answered with `error`, without reaching the gateway, until the returned function is called. */
  refuse(method: string, error: NonNullable<Rule["error"]>): () => void;
}

/** The real gateway's answer to a key it saw before a restart but did not save. */
export const NOT_DURABLY_ADMITTED_ERROR = { code: "UNAVAILABLE", message: "Error: chat turn was not durably admitted" };

/** Wraps a transport factory with scripted faults. */
export function withWireFaults(base: TransportFactory): WireFaults {
  const sent: SentRequest[] = [];
  const rules: Rule[] = [];
  const refusals = new Map<string, Rule>();
  const errorFrame = (id: string, rule: Rule) => JSON.stringify({ type: "res", id, ok: false, ...(rule.payload ? { payload: rule.payload } : {}), error: rule.error });

  const transport: TransportFactory = (url, handlers) => {
    const held = new Map<string, Rule>();
    const inner = base(url, {
      onOpen: () => handlers.onOpen(),
      onClose: (info) => handlers.onClose(info),
      onMessage(text) {
        const frame = JSON.parse(text) as { type?: string; id?: string };
        const rule = frame.type === "res" && frame.id !== undefined ? held.get(frame.id) : undefined;
        if (!rule || frame.id === undefined) return handlers.onMessage(text);
        held.delete(frame.id);
        if (rule.kind === "fail") handlers.onMessage(errorFrame(frame.id, rule));
      },
    });
    return {
      send(text) {
        const frame = JSON.parse(text) as SentRequest & { type?: string };
        if (frame.type === "req") {
          sent.push({ id: frame.id, method: frame.method, params: frame.params });
          const at = rules.findIndex((r) => r.method === frame.method);
          const rule = refusals.get(frame.method) ?? (at >= 0 ? rules.splice(at, 1)[0] : undefined);
          if (rule?.kind === "lose-request") return;
          if (rule?.kind === "fail" && !rule.forward) {
            queueMicrotask(() => handlers.onMessage(errorFrame(frame.id, rule)));
            return;
          }
          if (rule) held.set(frame.id, rule);
        }
        inner.send(text);
      },
      close: (code, reason) => inner.close(code, reason),
    };
  };

  return {
    transport,
    requests: (method) => sent.filter((r) => r.method === method),
    loseNextRequest: (method) => void rules.push({ method, kind: "lose-request" }),
    loseNextResponse: (method) => void rules.push({ method, kind: "lose-response" }),
    failNext: (method, error, opts = {}) => void rules.push({ method, kind: "fail", error, ...opts }),
    refuse(method, error) {
      const rule: Rule = { method, kind: "fail", error };
      refusals.set(method, rule);
      return () => {
        if (refusals.get(method) === rule) refusals.delete(method);
      };
    },
  };
}
