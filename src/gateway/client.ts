import { formatIssues } from "../protocol/result";
import { GatewayErrorCode } from "../protocol/errors";
import { parseFrame, type EventFrame, type ResponseFrame } from "../protocol/frames";
import { parseHelloOk } from "../protocol/payloads";
import { backoffDelay, SLOW_BACKOFF } from "./backoff";
import { classifyConnectError, describeClose, type ConnectFailure } from "./connect-failure";
import { buildConnectParams, CONTROL_UI_CLIENT_ID, CONTROL_UI_SCOPES, parseChallenge, type ClientDescription } from "./connect-params";
import { loadOrCreateDeviceIdentity, type DeviceIdentity } from "./device-identity";
import { createMemoryKeyStore } from "./key-stores";
import { ListenerSet } from "./listeners";
import { systemClock } from "./clock";
import { clientError, RequestBook } from "./request-book";
import type { Transport } from "./transport";
import type { ConnectedInfo, ConnectionIdentity, ConnectionInfo, GatewayClient, GatewayClientOptions, ProtocolErrorInfo } from "./connection";

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
  /** The device this connection signs in as, once its key is loaded. */
  deviceId?: string;
}

/** Creates a gateway client; nothing happens until `start()`. */
export function createGatewayClient(opts: GatewayClientOptions): GatewayClient {
  const timers = opts.clock ?? systemClock;
  const now = () => timers.now();
  const timeoutMs = opts.requestTimeoutMs ?? 15_000;
  const random = opts.random ?? Math.random;
  const keyStore = opts.keyStore ?? createMemoryKeyStore();
  const desc: ClientDescription = {
    clientId: opts.clientId ?? CONTROL_UI_CLIENT_ID,
    clientVersion: opts.clientVersion ?? "question-dock",
    mode: opts.mode ?? "webchat",
    platform: opts.platform ?? "web",
    scopes: opts.scopes ?? CONTROL_UI_SCOPES,
    caps: opts.caps ?? ["tool-events"],
    ...(opts.deviceFamily ? { deviceFamily: opts.deviceFamily } : {}),
    ...(opts.token ? { token: opts.token } : {}),
  };
  // A browser describes itself as OpenClaw's own Control UI does; Node has no navigator (before 21) and sends neither.
  const nav = (globalThis as { navigator?: { language?: string; userAgent?: string } }).navigator;
  const locale = opts.locale ?? nav?.language;
  const userAgent = opts.userAgent ?? nav?.userAgent;
  if (locale) desc.locale = locale;
  if (userAgent) desc.userAgent = userAgent;

  const book = new RequestBook(timers, "q");
  const stateListeners = new ListenerSet<[ConnectionInfo]>();
  const connectedListeners = new ListenerSet<[ConnectedInfo]>();
  const gapListeners = new ListenerSet<[{ expected: number; received: number }]>();
  const protocolListeners = new ListenerSet<[ProtocolErrorInfo]>();
  const eventListeners = new Map<string, ListenerSet<[unknown, EventFrame]>>();

  let info: ConnectionInfo = { state: "offline", attempt: 0 };
  let running = false;
  let stopped = false;
  let current: Connection | undefined;
  let retryTimer: unknown;
  let everConnected = false;
  let identity: Promise<DeviceIdentity> | undefined;

  function setInfo(next: ConnectionInfo): void {
    info = next;
    stateListeners.emit(info);
  }

  // A state change between connections keeps the last greeting, so callers still know which gateway it was.
  function setStateKeepingHello(next: Omit<ConnectionInfo, "hello" | "identity">): void {
    setInfo(info.hello ? { ...next, hello: info.hello, ...(info.identity ? { identity: info.identity } : {}) } : next);
  }

  function open(): void {
    retryTimer = undefined;
    const conn: Connection = { challenged: false, established: false, lastFrameAt: now() };
    current = conn;
    conn.deadline = timers.setTimeout(() => {
      conn.failure ??= { kind: "retry", message: "The gateway did not complete the handshake in time." };
      drop(conn, 4000, "handshake timeout");
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
      conn.failure = { kind: "retry", message: `Could not open a connection: ${error instanceof Error ? error.message : String(error)}` };
      closed(conn, 1006, "");
    }
  }

  /** Closes a connection from our side and moves on at once, without waiting for the socket's own close. */
  function drop(conn: Connection, code: number, reason: string): void {
    if (current !== conn) return;
    try {
      conn.transport?.close(code, reason);
    } catch {
      // Already closing; the bookkeeping below is what matters.
    }
    closed(conn, code, reason);
  }

  function receive(conn: Connection, text: string): void {
    conn.lastFrameAt = now();
    const parsed = parseFrame(text);
    if (!parsed.ok) return protocolListeners.emit({ context: "frame", issues: parsed.errors });
    const frame = parsed.value;
    if (frame.type === "res") {
      if (frame.id === conn.connectId) greeted(conn, frame);
      else book.settle(frame);
      return;
    }
    if (frame.event === "connect.challenge") {
      if (!conn.challenged) void handshake(conn, frame.payload);
      conn.challenged = true;
      return;
    }
    if (frame.seq !== undefined) {
      const last = conn.lastSeq;
      if (last !== undefined && frame.seq > last + 1) gapListeners.emit({ expected: last + 1, received: frame.seq });
      if (last === undefined || frame.seq > last) conn.lastSeq = frame.seq;
    }
    eventListeners.get(frame.event)?.emit(frame.payload, frame);
    eventListeners.get("*")?.emit(frame.payload, frame);
  }

  async function handshake(conn: Connection, payload: unknown): Promise<void> {
    const challenge = parseChallenge(payload);
    if (!challenge.ok) {
      protocolListeners.emit({ context: "connect.challenge", issues: challenge.errors });
      conn.failure = { kind: "retry", message: "The gateway sent a malformed connect challenge." };
      return drop(conn, 4002, "bad challenge");
    }
    let text: string;
    try {
      identity ??= loadOrCreateDeviceIdentity(keyStore);
      const device = await identity;
      conn.deviceId = device.deviceId;
      const params = await buildConnectParams(desc, device, challenge.value);
      conn.connectId = book.nextId();
      text = JSON.stringify({ type: "req", id: conn.connectId, method: "connect", params });
    } catch (error) {
      identity = undefined;
      conn.failure = { kind: "fatal", message: `Could not sign in as a device: ${error instanceof Error ? error.message : String(error)}` };
      return drop(conn, 1000, "no device identity");
    }
    if (current !== conn) return;
    try {
      conn.transport?.send(text);
    } catch {
      drop(conn, 4000, "send failed");
    }
  }

  function greeted(conn: Connection, frame: ResponseFrame): void {
    if (!frame.ok) {
      conn.failure = classifyConnectError(frame.error);
      return drop(conn, 1000, "connect failed");
    }
    const hello = parseHelloOk(frame.payload);
    if (!hello.ok) {
      protocolListeners.emit({ context: "hello-ok", issues: hello.errors });
      conn.failure = { kind: "fatal", message: `The gateway's greeting was not understood:\n${formatIssues(hello.errors)}` };
      return drop(conn, 4002, "bad hello");
    }
    timers.clearTimeout(conn.deadline);
    conn.established = true;
    const previous = info.hello;
    const first = !everConnected;
    everConnected = true;
    const granted: ConnectionIdentity = { gateway: opts.url, deviceId: conn.deviceId ?? "", role: hello.value.role ?? "operator", scopes: [...hello.value.scopes].sort() };
    setInfo({ state: "connected", hello: hello.value, identity: granted, attempt: 0 });
    if (opts.watchTicks !== false && hello.value.tickIntervalMs) watchTicks(conn, hello.value.tickIntervalMs);
    connectedListeners.emit({ hello: hello.value, first, serverChanged: previous !== undefined && previous.server.bootId !== hello.value.server.bootId });
    if (current === conn) book.flush((t) => conn.transport?.send(t));
  }

  function watchTicks(conn: Connection, intervalMs: number): void {
    conn.tickTimer = timers.setTimeout(() => {
      if (current !== conn) return;
      if (now() - conn.lastFrameAt <= intervalMs * 2) return watchTicks(conn, intervalMs);
      conn.failure = { kind: "retry", message: "The gateway stopped responding." };
      drop(conn, 4000, "tick timeout");
    }, intervalMs);
  }

  function closed(conn: Connection, code: number, reason: string): void {
    if (current !== conn) return;
    current = undefined;
    timers.clearTimeout(conn.deadline);
    timers.clearTimeout(conn.tickTimer);
    book.failInflight(GatewayErrorCode.Disconnected, "the connection closed before the gateway answered");
    if (!running) return;
    const failure = conn.failure ?? { kind: "retry", message: describeClose(code, reason, conn.established) };
    const attempt = conn.established ? 1 : info.attempt + 1;
    // A failure only a person can fix waits at least the slow base, so a pairing approval is still noticed without hammering.
    const delay =
      failure.kind === "fatal"
        ? backoffDelay(attempt, { ...SLOW_BACKOFF, random }, failure.retryAfterMs ?? SLOW_BACKOFF.baseMs)
        : backoffDelay(attempt, { ...opts.backoff, random }, failure.retryAfterMs);
    retryTimer = timers.setTimeout(open, delay);
    setStateKeepingHello({ state: failure.kind === "fatal" ? "offline" : "reconnecting", attempt, lastError: failure.message, retryAt: now() + delay });
  }

  return {
    start() {
      if (running) return;
      running = true;
      stopped = false;
      setStateKeepingHello({ state: everConnected ? "reconnecting" : "connecting", attempt: 0 });
      open();
    },
    stop() {
      if (!running) return;
      running = false;
      stopped = true;
      timers.clearTimeout(retryTimer);
      retryTimer = undefined;
      if (current) drop(current, 1000, "client stopped");
      book.failAll(GatewayErrorCode.Disconnected, "the gateway client was stopped");
      setStateKeepingHello({ state: "offline", attempt: 0 });
    },
    reconnectNow() {
      if (!running || current || retryTimer === undefined) return;
      timers.clearTimeout(retryTimer);
      open();
    },
    getHello: () => info.hello,
    getConnection: () => info,
    subscribeConnection: (listener) => stateListeners.add(listener),
    request(method, params, requestOpts) {
      if (stopped) return Promise.reject(clientError(method, GatewayErrorCode.Disconnected, "the gateway client is stopped"));
      const promise = book.add(method, params, requestOpts?.timeoutMs ?? timeoutMs);
      const conn = current;
      if (conn?.established) book.flush((t) => conn.transport?.send(t));
      return promise;
    },
    onEvent(event, listener) {
      let set = eventListeners.get(event);
      if (!set) eventListeners.set(event, (set = new ListenerSet()));
      return set.add(listener);
    },
    onConnected: (listener) => connectedListeners.add(listener),
    onGap: (listener) => gapListeners.add(listener),
    onProtocolError: (listener) => protocolListeners.add(listener),
  };
}
