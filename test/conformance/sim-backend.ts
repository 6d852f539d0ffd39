// The conformance backend on the kit's simulated gateway: the same raw client as on the real one, over the
// simulated transport instead of a WebSocket, and a scripted agent in place of the mock model and of the Codex
// app-server (the simulated gateway plays Codex scripts itself).
import { EventEmitter } from "node:events";
import { randomUUID } from "node:crypto";
import { createSimulatedGateway, type SimAgentTurn, type SimulatedGateway } from "../../src/simulated";
import { connectRaw, type RawSocket } from "../gateway/raw-client";
import { GUEST_SCOPES, GUESTS, type ConformanceBackend } from "./backend";

const TOKEN = "conformance-token";
// A guest token per profile of GUESTS: the simulated gateway's stand-in for a trusted proxy's verified user.
const guestToken = (profile: string) => `guest-token:${profile}`;
const GUEST_TOKENS = Object.fromEntries(Object.values(GUESTS).map((profile) => [guestToken(profile), profile]));
const OPEN = 1;
const CLOSED = 3;

// A `ws`-shaped socket over the simulated gateway's transport.
function simSocket(sim: SimulatedGateway, url: string): RawSocket {
  const events = new EventEmitter();
  let readyState = 0;
  const transport = sim.transport(url, {
    onOpen: () => {
      readyState = OPEN;
      events.emit("open");
    },
    onMessage: (text) => events.emit("message", text),
    onClose: ({ code, reason }) => {
      readyState = CLOSED;
      events.emit("close", code, reason);
    },
  });
  const socket = {
    get readyState() {
      return readyState;
    },
    on: (event: string, cb: (...args: unknown[]) => void) => events.on(event, cb),
    once: (event: string, cb: (...args: unknown[]) => void) => events.once(event, cb),
    send: (text: string) => transport.send(text),
    close: (code?: number, reason?: string) => transport.close(code, reason),
    terminate: () => transport.close(1006, "terminated"),
  };
  return socket as RawSocket;
}

/** The simulated backend; `dispose` is not needed (nothing outlives the test process). */
export function simulatedBackend(): ConformanceBackend {
  // The mock model's queue, by trigger text: the first matching turn is used once, as the real mock does.
  const script: Array<{ trigger: string; turn: SimAgentTurn }> = [];
  const sim = createSimulatedGateway({
    token: TOKEN,
    guests: GUEST_TOKENS,
    tickIntervalMs: 0,
    replyStepMs: 5,
    reply: (message) => {
      const i = script.findIndex((s) => message.includes(s.trigger));
      if (i < 0) return "Mock reply.";
      return script.splice(i, 1)[0]!.turn;
    },
  });
  return {
    name: "simulated",
    connect: (opts = {}) => connectRaw("sim://gateway", TOKEN, { ...opts, openSocket: (url) => simSocket(sim, url) }),
    newSession: (label) => `agent:main:${label}-${randomUUID().slice(0, 8)}`,
    scriptAskUser: async (trigger, questions, then, timeoutSeconds = 120) => void script.push({ trigger, turn: { askUser: { questions, timeoutSeconds }, then } }),
    scriptReply: async (trigger, text) => void script.push({ trigger, turn: text }),
    restart: async () => sim.restart(),
    connectGuest: (profile, opts = {}) => {
      if (!(guestToken(profile) in GUEST_TOKENS)) throw new Error(`no guest ${profile} here: the simulated backend knows GUESTS only`);
      return connectRaw("sim://gateway", guestToken(profile), { ...opts, scopes: GUEST_SCOPES, openSocket: (url) => simSocket(sim, url) });
    },
    kitGuest: (profile) => ({ url: "sim://gateway", token: guestToken(profile), transport: sim.transport }),
    // The real Codex gateway recovers a run its restart cut off; the simulated one does when asked to.
    codex: { script: sim.codex.script, release: sim.codex.release, restart: async () => sim.restart({ recoverInterrupted: true }) },
    waitMs: 10_000,
  };
}
