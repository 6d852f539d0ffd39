import { errorMessage, formatIssues } from "../protocol/result";
import { compact } from "../protocol/reader";
import { parseFrame, type EventFrame, type ResponseFrame } from "../protocol/frames";
import { parseHelloOk } from "../protocol/payloads";
import { buildConnectParams, classifyConnectError, describeClose, parseChallenge, retryDelay, type ConnectFailure } from "./handshake";
import { createMemoryKeyStore, loadOrCreateDeviceIdentity, type DeviceIdentity } from "./device-identity";
import { systemClock } from "./clock";
import type { Transport } from "./transport";
import { clientError, GatewayRequestError, type ConnectedInfo, type GatewayErrorCode, type ConnectionIdentity, type ConnectionInfo, type GatewayClient, type GatewayClientOptions, type ProtocolErrorInfo } from "./connection";

type Listeners<Args extends unknown[]> = Set<(...args: Args) => void>;

function listen<Args extends unknown[]>(set: Listeners<Args>, fn: (...args: Args) => void): () => void {
  set.add(fn);
  return () => set.delete(fn);
}

/** Calls each listener; one that throws is reported apart and stops neither the others nor the socket loop. */
function emit<Args extends unknown[]>(set: Listeners<Args> | undefined, ...args: Args): void {
  for (const fn of [...(set ?? [])]) {
    try {
      fn(...args);
    } catch (error) {
      const report = (globalThis as { reportError?: (e: unknown) => void }).reportError;
      if (typeof report === "function") report(error);
      else console.error("A gateway client listener threw:", error);
    }
  }
}

interface Connection {
  transport?: Transport;
  connectId?: string;
  challenged: boolean;
  established: boolean;
  failure?: ConnectFailure;
  lastSeq?: number;
  lastFrameAt: number;
  deadline?: unknown;
  tickTimer?: unknown;
  deviceId?: string;
}

/** A request on its way: it waits to be sent, then (`sent`) for its answer; only a sent one may have been applied. */
interface Pending {
  method: string;
  text: string;
  sent: boolean;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: unknown;
}

/** Creates a gateway client; nothing happens until `start()`. */
export function createGatewayClient(opts: GatewayClientOptions): GatewayClient {
  const timers = opts.clock ?? systemClock;
  const timeoutMs = opts.requestTimeoutMs ?? 15_000;
  const keyStore = opts.keyStore ?? createMemoryKeyStore();

  const stateListeners: Listeners<[ConnectionInfo]> = new Set();
  const connectedListeners: Listeners<[ConnectedInfo]> = new Set();
  const gapListeners: Listeners<[{ expected: number; received: number }]> = new Set();
  const protocolListeners: Listeners<[ProtocolErrorInfo]> = new Set();
  const eventListeners = new Map<string, Listeners<[unknown, EventFrame]>>();
  // Outgoing requests by id, in the order they were added; each has its own deadline, waiting to be sent included.
  const pending = new Map<string, Pending>();
  let counter = 0;

  let info: ConnectionInfo = { state: "offline", attempt: 0 };
  let running = false;
  let stopped = false;
  let current: Connection | undefined;
  let retryTimer: unknown;
  let everConnected = false;
  let identity: Promise<DeviceIdentity> | undefined;

  // A state change between connections keeps the last greeting, so callers still know which gateway it was.
  function setInfo(next: ConnectionInfo): void {
    info = compact({ hello: info.hello, identity: info.identity, ...next });
    emit(stateListeners, info);
  }

  // Unique for the client's lifetime, so a late answer can never match a newer request.
  const nextId = () => `q${++counter}`;

  // Sends the requests not sent yet, in order; the first send that throws leaves the rest waiting.
  function flush(conn: Connection): void {
    for (const entry of pending.values()) {
      if (entry.sent) continue;
      try {
        conn.transport?.send(entry.text);
      } catch {
        return;
      }
      entry.sent = true;
    }
  }

  function settle(id: string, entry: Pending): void {
    timers.clearTimeout(entry.timer);
    pending.delete(id);
  }

  function fail(id: string, entry: Pending, code: GatewayErrorCode, message: string): void {
    settle(id, entry);
    entry.reject(clientError(entry.method, code, message, entry.sent));
  }

  // Sent requests fail first: their answers can no longer arrive. With `all`, the unsent ones follow.
  function failPending(code: GatewayErrorCode, message: string, all: boolean): void {
    for (const [id, entry] of [...pending]) if (entry.sent) fail(id, entry, code, message);
    if (all) for (const [id, entry] of [...pending]) fail(id, entry, code, message);
  }

  function open(): void {
    retryTimer = undefined;
    const conn: Connection = { challenged: false, established: false, lastFrameAt: timers.now() };
    current = conn;
    conn.deadline = timers.setTimeout(() => {
      drop(conn, 4000, "handshake timeout", { kind: "retry", message: "The gateway did not complete the handshake in time." });
    }, timeoutMs);
    try {
      conn.transport = opts.transport(opts.url, {
        onOpen: () => {},
        onMessage: (text) => {
          if (current === conn) receive(conn, text);
        },
        onClose: ({ code, reason }) => closed(conn, code, reason),
      });
    } catch (error) {
      drop(conn, 1006, "", { kind: "retry", message: `Could not open a connection: ${errorMessage(error)}` });
    }
  }

  /** Closes a connection from our side, for `failure` if given, and moves on at once without waiting for the socket. */
  function drop(conn: Connection, code: number, reason: string, failure?: ConnectFailure): void {
    if (current !== conn) return;
    conn.failure ??= failure;
    try {
      conn.transport?.close(code, reason);
    } catch {
      // Already closing; the bookkeeping below is what matters.
    }
    closed(conn, code, reason);
  }

  function receive(conn: Connection, text: string): void {
    conn.lastFrameAt = timers.now();
    const parsed = parseFrame(text);
    if (!parsed.ok) return emit(protocolListeners, { context: "frame", issues: parsed.errors });
    const frame = parsed.value;
    if (frame.type === "res") {
      const entry = pending.get(frame.id);
      if (frame.id === conn.connectId) greeted(conn, frame);
      else if (entry?.sent) {
        settle(frame.id, entry);
        if (frame.ok) entry.resolve(frame.payload);
        else entry.reject(new GatewayRequestError(entry.method, frame.error));
      }
      return;
    }
    if (frame.event === "connect.challenge") {
      if (!conn.challenged) void handshake(conn, frame.payload);
      conn.challenged = true;
      return;
    }
    if (frame.seq !== undefined) {
      const last = conn.lastSeq;
      if (last !== undefined && frame.seq > last + 1) emit(gapListeners, { expected: last + 1, received: frame.seq });
      if (last === undefined || frame.seq > last) conn.lastSeq = frame.seq;
    }
    emit(eventListeners.get(frame.event), frame.payload, frame);
    emit(eventListeners.get("*"), frame.payload, frame);
  }

  async function handshake(conn: Connection, payload: unknown): Promise<void> {
    const challenge = parseChallenge(payload);
    if (!challenge.ok) {
      emit(protocolListeners, { context: "connect.challenge", issues: challenge.errors });
      return drop(conn, 4002, "bad challenge", { kind: "retry", message: "The gateway sent a malformed connect challenge." });
    }
    let text: string;
    try {
      identity ??= loadOrCreateDeviceIdentity(keyStore);
      const device = await identity;
      conn.deviceId = device.deviceId;
      const params = await buildConnectParams(opts, device, challenge.value);
      conn.connectId = nextId();
      text = JSON.stringify({ type: "req", id: conn.connectId, method: "connect", params });
    } catch (error) {
      identity = undefined;
      return drop(conn, 1000, "no device identity", { kind: "fatal", message: `Could not sign in as a device: ${errorMessage(error)}` });
    }
    if (current !== conn) return;
    try {
      conn.transport?.send(text);
    } catch {
      drop(conn, 4000, "send failed");
    }
  }

  function greeted(conn: Connection, frame: ResponseFrame): void {
    if (!frame.ok) return drop(conn, 1000, "connect failed", classifyConnectError(frame.error));
    const hello = parseHelloOk(frame.payload);
    if (!hello.ok) {
      emit(protocolListeners, { context: "hello-ok", issues: hello.errors });
      return drop(conn, 4002, "bad hello", { kind: "fatal", message: `The gateway's greeting was not understood:\n${formatIssues(hello.errors)}` });
    }
    timers.clearTimeout(conn.deadline);
    conn.established = true;
    const previous = info.hello;
    const first = !everConnected;
    everConnected = true;
    const granted: ConnectionIdentity = { gateway: opts.url, deviceId: conn.deviceId ?? "", role: hello.value.role ?? "operator", scopes: [...hello.value.scopes].sort() };
    setInfo({ state: "connected", hello: hello.value, identity: granted, attempt: 0 });
    if (opts.watchTicks !== false && hello.value.tickIntervalMs) watchTicks(conn, hello.value.tickIntervalMs);
    emit(connectedListeners, { hello: hello.value, first, serverChanged: previous !== undefined && previous.server.bootId !== hello.value.server.bootId });
    if (current === conn) flush(conn);
  }

  function watchTicks(conn: Connection, intervalMs: number): void {
    conn.tickTimer = timers.setTimeout(() => {
      if (current !== conn) return;
      if (timers.now() - conn.lastFrameAt <= intervalMs * 2) return watchTicks(conn, intervalMs);
      drop(conn, 4000, "tick timeout", { kind: "retry", message: "The gateway stopped responding." });
    }, intervalMs);
  }

  function closed(conn: Connection, code: number, reason: string): void {
    if (current !== conn) return;
    current = undefined;
    timers.clearTimeout(conn.deadline);
    timers.clearTimeout(conn.tickTimer);
    failPending("DISCONNECTED", "the connection closed before the gateway answered", false);
    if (!running) return;
    const failure = conn.failure ?? { kind: "retry", message: describeClose(code, reason, conn.established) };
    const attempt = conn.established ? 1 : info.attempt + 1;
    const delay = retryDelay(failure, attempt, { ...opts.backoff, random: opts.random });
    retryTimer = timers.setTimeout(open, delay);
    setInfo({ state: failure.kind === "fatal" ? "offline" : "reconnecting", attempt, lastError: failure.message, retryAt: timers.now() + delay });
  }

  return {
    start() {
      if (running) return;
      running = true;
      stopped = false;
      setInfo({ state: everConnected ? "reconnecting" : "connecting", attempt: 0 });
      open();
    },
    stop() {
      if (!running) return;
      running = false;
      stopped = true;
      timers.clearTimeout(retryTimer);
      if (current) drop(current, 1000, "client stopped");
      failPending("DISCONNECTED", "the gateway client was stopped", true);
      setInfo({ state: "offline", attempt: 0 });
    },
    reconnectNow() {
      if (!running || current || retryTimer === undefined) return;
      timers.clearTimeout(retryTimer);
      open();
    },
    getHello: () => info.hello,
    getConnection: () => info,
    subscribeConnection: (listener) => listen(stateListeners, listener),
    request(method, params, requestOpts) {
      if (stopped) return Promise.reject(clientError(method, "DISCONNECTED", "the gateway client is stopped"));
      const ms = requestOpts?.timeoutMs ?? timeoutMs;
      const promise = new Promise((resolve, reject) => {
        const id = nextId();
        let text: string;
        try {
          text = JSON.stringify({ type: "req", id, method, params });
        } catch (error) {
          return reject(clientError(method, "INVALID_REQUEST", `the params could not be encoded as JSON (${errorMessage(error)})`));
        }
        const entry: Pending = { method, text, sent: false, resolve, reject, timer: undefined };
        entry.timer = timers.setTimeout(() => fail(id, entry, "TIMEOUT", `${entry.sent ? "no answer" : "not connected"} within ${ms} ms`), ms);
        pending.set(id, entry);
      });
      if (current?.established) flush(current);
      return promise;
    },
    onEvent(event, listener) {
      if (!eventListeners.has(event)) eventListeners.set(event, new Set());
      return listen(eventListeners.get(event)!, listener);
    },
    onConnected: (listener) => listen(connectedListeners, listener),
    onGap: (listener) => listen(gapListeners, listener),
    onProtocolError: (listener) => listen(protocolListeners, listener),
  };
}
