// A scripted stand-in for the gateway's side of a socket, for wire-level edge cases the simulated
// gateway never produces on purpose: malformed frames, skipped seq numbers, a silent server.
import type { TransportFactory, TransportHandlers } from "../../../src/gateway/transport";

export interface SentFrame {
  type: string;
  id: string;
  method: string;
  params: Record<string, unknown>;
}

export interface ScriptedSocket {
  /** Frames the client sent, parsed. */
  sent: SentFrame[];
  /** Set when the client closed this socket. */
  closedByClient?: { code?: number; reason?: string };
  /** Sends a frame (object → JSON) or raw text to the client. */
  push(frame: unknown): void;
  /** Closes from the server side. */
  close(code?: number, reason?: string): void;
  /** The client's latest request of a method, if any. */
  request(method: string): SentFrame | undefined;
}

/** A ts the scripted challenges carry. */
export const CHALLENGE_TS = 1_796_000_000_000;

/** A minimal valid hello-ok payload; `bootId` tells servers apart. */
export function helloPayload(bootId = "boot-1", extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: "hello-ok",
    protocol: 4,
    server: { version: "2026.9.6", connId: `conn-${Math.random()}`, bootId },
    features: { methods: ["question.list", "question.get", "question.request", "question.resolve"], events: ["question.requested"] },
    snapshot: { sessionDefaults: { mainSessionKey: "agent:main:main" } },
    auth: { role: "operator", scopes: ["operator.admin"] },
    policy: { maxPayload: 1_000_000, tickIntervalMs: 30_000 },
    ...extra,
  };
}

/** A transport factory whose every socket is scripted by the test. */
export function createScriptedGateway(): { transport: TransportFactory; sockets: ScriptedSocket[]; latest(): ScriptedSocket } {
  const sockets: ScriptedSocket[] = [];
  const transport: TransportFactory = (_url, handlers: TransportHandlers) => {
    let closed = false;
    const finish = (code: number, reason: string) => {
      if (closed) return;
      closed = true;
      handlers.onClose({ code, reason });
    };
    const socket: ScriptedSocket = {
      sent: [],
      push: (frame) => {
        if (!closed) handlers.onMessage(typeof frame === "string" ? frame : JSON.stringify(frame));
      },
      close: (code = 1000, reason = "") => finish(code, reason),
      request: (method) => socket.sent.filter((f) => f.method === method).at(-1),
    };
    sockets.push(socket);
    queueMicrotask(() => handlers.onOpen());
    return {
      send: (text) => {
        if (!closed) socket.sent.push(JSON.parse(text) as SentFrame);
      },
      close: (code, reason) => {
        socket.closedByClient = { code, reason };
        finish(code ?? 1000, reason ?? "");
      },
    };
  };
  return { transport, sockets, latest: () => sockets.at(-1)! };
}
