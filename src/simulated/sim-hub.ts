import { GatewayErrorCode } from "../protocol/errors";
import { PROTOCOL_VERSION } from "../protocol/methods";
import type { TransportFactory } from "../gateway/transport";
import type { SimClock } from "./sim-clock";
import { SimConnection, type Deliver } from "./sim-connection";
import { startupUnavailable, toErrorBody } from "./sim-errors";
import { evaluateConnect, type SimHandshakeConfig } from "./sim-handshake";
import { callMethod, SIM_EVENTS, SIM_METHODS, type SimMethodContext } from "./sim-methods";
import { canSeeQuestion, eventScopeSatisfied, ownRunAccessOnly } from "./sim-scopes";

/** Fixed facts of the simulated server. */
export interface SimHubConfig extends SimHandshakeConfig {
  clock: SimClock;
  deliver: Deliver;
  serverVersion: string;
  mainSessionKey: string;
  tickIntervalMs: number;
  maxPayload: number;
  retryAfterMs: number;
  newId: (prefix: string) => string;
  /** Extra delay per method, in ms: spent once before the request is handled and once more before it is answered. */
  methodLatencyMs?: Readonly<Record<string, number>>;
}

/** Frames bigger than this are refused before the handshake, in bytes-as-characters. @default 65536 */
export const MAX_PREAUTH_PAYLOAD = 64 * 1024;

interface RequestLike {
  type: "req";
  id: string;
  method: string;
  params?: unknown;
}

function asRequest(frame: unknown): RequestLike | undefined {
  const f = frame as Partial<RequestLike> | null;
  return typeof f === "object" && f !== null && f.type === "req" && typeof f.id === "string" && f.id !== "" && typeof f.method === "string" ? (f as RequestLike) : undefined;
}

/** The server side: accepts connections, runs the handshake, dispatches requests and broadcasts events. */
export class SimHub {
  bootId: string;
  offline = false;
  unavailableConnects = 0;
  private readonly connections = new Set<SimConnection>();

  constructor(
    private readonly config: SimHubConfig,
    private readonly services: Omit<SimMethodContext, "scopes" | "connId">,
  ) {
    this.bootId = config.newId("boot");
  }

  /** The `TransportFactory` clients connect through. */
  readonly transport: TransportFactory = (_url, handlers) => {
    const conn = new SimConnection(this.config.newId("conn"), handlers, { onFrame: (c, t) => this.onFrame(c, t), onClosed: (c) => this.closed(c) }, this.config.deliver, this.config.clock);
    if (this.offline) {
      // Like a refused socket: no open, just an abnormal close.
      conn.drop();
      return conn;
    }
    this.connections.add(conn);
    conn.accept();
    conn.challenge = { nonce: this.config.newId("nonce"), ts: this.config.clock.now() };
    conn.event("connect.challenge", conn.challenge);
    return conn;
  };

  /** Connections that completed the handshake and are still open. */
  get connected(): SimConnection[] {
    return [...this.connections].filter((c) => c.grant && c.isOpen);
  }

  /** Sends a saved row as `session.message` to the connections that subscribed to its session, and only to them. */
  publishSessionMessage(sessionKey: string, payload: unknown): void {
    for (const conn of this.connected) {
      if (this.services.subscriptions.hears(conn.connId, sessionKey) && eventScopeSatisfied("session.message", conn.grant?.scopes ?? [])) conn.event("session.message", payload);
    }
  }

  /** Sends an event to every connected client, each with its own `seq`. */
  publish(event: string, payload: unknown): void {
    for (const conn of this.connected) if (this.mayHear(conn, event, payload)) conn.event(event, payload);
  }

  // Run events (`chat`, `agent`) need operator.read, so a guest with operator.sessions.write alone hears none, not even
  // of its own runs; question events reach only the connections that may see the question. As on the gateway.
  private mayHear(conn: SimConnection, event: string, payload: unknown): boolean {
    if (event !== "question.requested" && event !== "question.resolved") return eventScopeSatisfied(event, conn.grant?.scopes ?? []);
    const caller = { scopes: conn.grant?.scopes ?? [], ...(conn.grant?.profileId ? { profileId: conn.grant.profileId } : {}) };
    // Full access hears everything, scripted broadcasts of unknown records included.
    if (!ownRunAccessOnly(caller)) return true;
    const id = (payload as { id?: unknown } | null)?.id;
    const record = typeof id === "string" ? this.services.questions.get(id) : undefined;
    return record !== undefined && canSeeQuestion(caller, record, this.services.questions.askedBy(record.id));
  }

  // A subscription belongs to its socket: a reconnect must subscribe again.
  private closed(conn: SimConnection): void {
    this.connections.delete(conn);
    this.services.subscriptions.clear(conn.connId);
  }

  /** Drops every socket abnormally (code 1006). */
  dropAll(): void {
    for (const conn of [...this.connections]) conn.drop();
    this.connections.clear();
  }

  /** Closes every socket from the server side with a code, as a shutdown does. */
  closeAll(code: number, reason: string): void {
    for (const conn of [...this.connections]) conn.closeFromServer(code, reason);
    this.connections.clear();
  }

  private onFrame(conn: SimConnection, text: string): void {
    if (text.length > (conn.grant ? this.config.maxPayload : MAX_PREAUTH_PAYLOAD)) return conn.closeFromServer(1009, "payload too large");
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return conn.closeFromServer(1008, "invalid request frame");
    }
    const req = asRequest(frame);
    if (!conn.grant) return void this.onHandshakeFrame(conn, req);
    if (!req) return conn.closeFromServer(1008, "invalid request frame");
    if (req.method === "connect") return conn.respondError(req.id, { code: GatewayErrorCode.InvalidRequest, message: "connect is only valid as the first request" });
    this.dispatch(conn, req);
  }

  private dispatch(conn: SimConnection, req: RequestLike): void {
    const delay = this.config.methodLatencyMs?.[req.method] ?? 0;
    if (delay <= 0) return this.handle(conn, req, (answer) => answer());
    // A slow method is still handled once it arrived, even if the socket closed meanwhile: only the answer is lost.
    const later = (step: () => void) => void this.config.clock.setTimeout(step, delay);
    later(() => this.handle(conn, req, later));
  }

  private handle(conn: SimConnection, req: RequestLike, answerWhen: (answer: () => void) => void): void {
    let result: unknown;
    try {
      const callerId = conn.grant?.policy;
      result = callMethod(req.method, req.params, { ...this.services, connId: conn.connId, callerId, scopes: conn.grant?.scopes ?? [], ...(conn.grant?.profileId ? { profileId: conn.grant.profileId } : {}) });
    } catch (error) {
      return answerWhen(() => conn.respondError(req.id, toErrorBody(error)));
    }
    if (!(result instanceof Promise)) return answerWhen(() => conn.respond(req.id, result));
    result.then(
      (payload) => answerWhen(() => conn.respond(req.id, payload)),
      (error) => answerWhen(() => conn.respondError(req.id, toErrorBody(error))),
    );
  }

  private async onHandshakeFrame(conn: SimConnection, req: RequestLike | undefined): Promise<void> {
    if (conn.handshaking || !conn.challenge) return;
    if (!req || req.method !== "connect") {
      const message = req ? "invalid handshake: first request must be connect" : "invalid request frame";
      if (req) conn.respondError(req.id, { code: GatewayErrorCode.InvalidRequest, message });
      return conn.closeFromServer(1008, message);
    }
    if (this.unavailableConnects > 0) {
      this.unavailableConnects -= 1;
      conn.respondError(req.id, startupUnavailable(this.config.retryAfterMs));
      return conn.closeFromServer(1013, "gateway starting");
    }
    conn.handshaking = true;
    const result = await evaluateConnect(req.params, conn.challenge, this.config, this.config.clock.now());
    conn.handshaking = false;
    if (!conn.isOpen) return;
    if (!result.ok) {
      conn.respondError(req.id, result.error);
      return conn.closeFromServer(result.closeCode, result.closeReason);
    }
    const { grant } = result;
    conn.grant = grant;
    conn.respond(req.id, {
      type: "hello-ok",
      protocol: PROTOCOL_VERSION,
      server: { version: this.config.serverVersion, connId: conn.connId, bootId: this.bootId },
      features: { methods: [...SIM_METHODS], events: [...SIM_EVENTS] },
      snapshot: { sessionDefaults: { defaultAgentId: "main", mainKey: "main", mainSessionKey: this.config.mainSessionKey } },
      auth: { method: grant.method, role: grant.role, scopes: grant.scopes, ...(grant.deviceToken ? { deviceToken: grant.deviceToken, issuedAtMs: this.config.clock.now() } : {}) },
      policy: { maxPayload: this.config.maxPayload, maxBufferedBytes: this.config.maxPayload * 2, tickIntervalMs: this.config.tickIntervalMs },
    });
    if (this.config.tickIntervalMs > 0) conn.startTicks(this.config.tickIntervalMs);
  }
}
