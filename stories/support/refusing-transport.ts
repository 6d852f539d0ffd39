// A link between client and gateway on which the gateway can turn a request down: the request never
// reaches it, and the client gets the error answer a gateway gives when it will not take a request.
import type { TransportFactory } from "../../src/gateway/transport";

/** The error a gateway answers with when it will not take a request. */
export interface GatewayRefusal {
  code: string;
  message: string;
}

/** A transport wrapper with scripted refusals. */
export interface RefusingTransport {
  transport: TransportFactory;
  /** The next request of `method` is answered with `refusal` instead of reaching the gateway. */
  refuseNext(method: string, refusal: GatewayRefusal): void;
}

interface RequestFrame {
  type?: string;
  id?: string;
  method?: string;
}

/** Wraps a transport so that a scenario can make the gateway refuse a request once. */
export function createRefusingTransport(inner: TransportFactory): RefusingTransport {
  const pending: Array<{ method: string; refusal: GatewayRefusal }> = [];
  return {
    transport: (url, handlers) => {
      const link = inner(url, handlers);
      return {
        send: (text) => {
          const frame = JSON.parse(text) as RequestFrame;
          const at = frame.type === "req" ? pending.findIndex((p) => p.method === frame.method) : -1;
          const rule = at >= 0 ? pending.splice(at, 1)[0] : undefined;
          if (!rule || frame.id === undefined) return link.send(text);
          const answer = JSON.stringify({ type: "res", id: frame.id, ok: false, error: rule.refusal });
          // Answered later, as a gateway would: never inside the client's own send call.
          queueMicrotask(() => handlers.onMessage(answer));
        },
        close: (code, reason) => link.close(code, reason),
      };
    },
    refuseNext: (method, refusal) => void pending.push({ method, refusal }),
  };
}
