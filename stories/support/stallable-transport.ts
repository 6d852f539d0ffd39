// A link between client and gateway that can stall: while stalled, what the client sends never arrives,
// as on a network that has stopped answering. It is how a story holds an answer in flight.
import type { TransportFactory } from "../../src/gateway/transport";

/** A transport wrapper with a stall switch. */
export interface StallableTransport {
  transport: TransportFactory;
  /** From now on the client's frames are lost until `resume`. */
  stall(): void;
  resume(): void;
}

/** Wraps a transport so that a scenario can stall the client's outgoing frames. */
export function createStallableTransport(inner: TransportFactory): StallableTransport {
  let stalled = false;
  return {
    transport: (url, handlers) => {
      const link = inner(url, handlers);
      return {
        send: (text) => {
          if (!stalled) link.send(text);
        },
        close: (code, reason) => link.close(code, reason),
      };
    },
    stall: () => {
      stalled = true;
    },
    resume: () => {
      stalled = false;
    },
  };
}
