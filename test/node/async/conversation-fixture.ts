// A conversation store wired as an app wires it: the simulated gateway, the real client over the sim's
// transport, on a fake clock. Not a test file.
import { vi } from "vitest";
import { createGatewayClient, type GatewayClient } from "../../../src/gateway";
import { createSimulatedGateway, type SimulatedGateway } from "../../../src/simulated";
import type { TransportFactory } from "../../../src/gateway/transport";
import { createConversation, type ConversationState, type ConversationStore } from "../../../src/store/conversation";
import { fakeClock, flush, until as untilOnFakeClock } from "../fake-clock";

const TOKEN = "conversation-test-token";

/** A frame as the client receives it. */
export interface Frame {
  type?: string;
  id?: string;
  event?: string;
  payload?: Record<string, unknown>;
}

/** A running conversation on the simulated gateway. */
export interface ConversationFixture {
  sim: SimulatedGateway;
  client: GatewayClient;
  store: ConversationStore;
  state(): ConversationState;
  /** How many requests of `method` the client sent. */
  sent(method: string): number;
  /** Every method the client called, in order. */
  requests(): string[];
  /** While true, answers to `chat.history` are held back (released when set false), as on a slow network. */
  holdHistory(hold: boolean): void;
  stop(): void;
}

export { flush };

/** Flushes until `check` holds (at most `rounds` times); returns its value. */
export function until<T>(check: () => T, what: string, stepMs = 0, rounds = 300): Promise<NonNullable<T>> {
  return untilOnFakeClock(check, what, stepMs, rounds);
}

/** Fakes the timers, starts the sim (scripted runs: no automatic replies), a client and a conversation for "main". */
export async function startConversation(opts: { lose?: (frame: Frame) => boolean; connect?: boolean; sessionKey?: string; refuse?: readonly string[] } = {}): Promise<ConversationFixture> {
  vi.useFakeTimers({ now: Date.UTC(2026, 8, 1, 9, 0, 0) });
  const sim = createSimulatedGateway({ token: TOKEN, tickIntervalMs: 0, clock: fakeClock, reply: false });
  const methods: string[] = [];
  const historyIds = new Set<string>();
  let held: Array<() => void> | undefined;
  const transport: TransportFactory = (url, handlers) => {
    const base = sim.transport(url, {
      ...handlers,
      onMessage: (text) => {
        const frame = JSON.parse(text) as Frame;
        if (opts.lose?.(frame)) return;
        if (held && frame.type === "res" && frame.id && historyIds.has(frame.id)) held.push(() => handlers.onMessage(text));
        else handlers.onMessage(text);
      },
    });
    return {
      send: (text) => {
        const frame = JSON.parse(text) as { id?: string; method?: string };
        if (frame.method) methods.push(frame.method);
        if (frame.method === "chat.history" && frame.id) historyIds.add(frame.id);
        // A refused method reaches the gateway under a name it does not know, as on a gateway without it.
        if (frame.method && opts.refuse?.includes(frame.method)) return base.send(JSON.stringify({ ...frame, method: `${frame.method}.unknown` }));
        base.send(text);
      },
      close: (code, reason) => base.close(code, reason),
    };
  };
  const client = createGatewayClient({
    url: "sim://gateway",
    token: TOKEN,
    transport,
    random: () => 0.5,
    backoff: { baseMs: 200, maxMs: 1000 },
    clock: fakeClock,
  });
  const store = createConversation({ client, sessionKey: opts.sessionKey ?? "main" });
  if (opts.connect !== false) {
    client.start();
    await until(() => store.getState().loaded || store.getState().error, "the first history load");
  }
  return {
    sim,
    client,
    store,
    state: () => store.getState(),
    sent: (method) => methods.filter((m) => m === method).length,
    requests: () => [...methods],
    holdHistory(hold) {
      if (hold) {
        held ??= [];
        return;
      }
      const release = held ?? [];
      held = undefined;
      for (const deliver of release) deliver();
    },
    stop() {
      store.getState().actions.dispose();
      client.stop();
      vi.useRealTimers();
    },
  };
}
