import type { EventFrame, GatewayErrorBody } from "../protocol/frames";
import type { GatewayErrorCode } from "../protocol/errors";
export type { GatewayErrorCode, QuestionErrorReason } from "../protocol/errors";
import type { HelloOk } from "../protocol/methods";
import type { ValidationIssue } from "../protocol/result";
import type { Clock } from "./clock";
import type { KeyStore } from "./device-identity";
import type { TransportFactory } from "./transport";

/** The client's connection lifecycle, as the dock shows it. */
export type ConnectionState = "connecting" | "connected" | "reconnecting" | "offline";

/** Who is connected to which gateway: what everything a page keeps for later belongs to. */
export interface ConnectionIdentity {
  gateway: string;
  deviceId: string;
  role: string;
  /** The scopes the gateway granted, sorted. */
  scopes: readonly string[];
}

/** An observable snapshot of the connection. */
export interface ConnectionInfo {
  state: ConnectionState;
  /** The last greeting; kept while reconnecting so the UI can still name the gateway. */
  hello?: HelloOk;
  /** Who the last greeting let in; kept while reconnecting, like `hello`. */
  identity?: ConnectionIdentity;
  /** Why the last attempt failed, in words a person can read. */
  lastError?: string;
  /** Consecutive failed attempts since the last successful connect. */
  attempt: number;
  /** When the next attempt is due (epoch ms), while reconnecting. */
  retryAt?: number;
}

/** Facts about a completed (re)connect, handed to `onConnected` listeners. */
export interface ConnectedInfo {
  hello: HelloOk;
  first: boolean;
  /** True when the gateway restarted or is another server (its bootId changed). */
  serverChanged: boolean;
}

/** A failed request: the gateway's error code, the question reason if any, and the raw body. */
export class GatewayRequestError extends Error {
  readonly code: string;
  readonly reason: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(method: string, body: GatewayErrorBody) {
    const reason = typeof body.details?.reason === "string" ? body.details.reason : undefined;
    super(`${method} failed: ${body.code}${reason ? ` (${reason})` : ""}: ${body.message}`);
    this.name = "GatewayRequestError";
    this.code = body.code;
    this.reason = reason;
    this.details = body.details;
    this.retryAfterMs = body.retryAfterMs;
  }
}

/** The client's own TIMEOUT or DISCONNECTED in the gateway's shape; `details.sent`: the gateway may have applied it. */
export function clientError(method: string, code: GatewayErrorCode, message: string, sent = false): GatewayRequestError {
  return new GatewayRequestError(method, { code, message, details: { sent } });
}

/** The surface of the gateway client that the store and the hooks depend on. */
export interface GatewayConnection {
  /** The current connection snapshot; a new object on every change. */
  getConnection(): ConnectionInfo;
  subscribeConnection(listener: (info: ConnectionInfo) => void): () => void;
  /** Calls a method; rejects with `GatewayRequestError`, or with code TIMEOUT/DISCONNECTED. */
  request(method: string, params: unknown, opts?: { timeoutMs?: number }): Promise<unknown>;
  /** Subscribes to one event name ("*" for all); returns the unsubscribe. */
  onEvent(event: string, listener: (payload: unknown, frame: EventFrame) => void): () => void;
  /** Runs after every successful handshake, before queued requests are flushed. */
  onConnected(listener: (info: ConnectedInfo) => void): () => void;
  /** Runs when an event `seq` skipped numbers: events were lost and state must be re-read. */
  onGap(listener: (info: { expected: number; received: number }) => void): () => void;
}

/** Tuning for reconnect delays. */
export interface BackoffOptions {
  /** Ceiling of the first retry's jitter window, in ms. @default 500 */
  baseMs?: number;
  /** Longest delay ever chosen, in ms; also caps a server's `retryAfterMs`. @default 30000 */
  maxMs?: number;
  /** Source of randomness in [0, 1). @default Math.random */
  random?: () => number;
}

/** Options of `createGatewayClient`. */
export interface GatewayClientOptions {
  /** The gateway's WebSocket URL, e.g. `ws://127.0.0.1:18789`. */
  url: string;
  /** The gateway's shared token, if it uses token auth. */
  token?: string;
  transport: TransportFactory;
  /** Where the device key lives. @default a memory store (a new device per client) */
  keyStore?: KeyStore;
  /** The id the gateway pairs browser operators under. @default "openclaw-control-ui" */
  clientId?: string;
  /** @default "question-dock" */
  clientVersion?: string;
  /** @default "webchat" */
  mode?: string;
  /** @default "web" */
  platform?: string;
  deviceFamily?: string;
  /** @default CONTROL_UI_SCOPES */
  scopes?: readonly string[];
  /** @default ["tool-events"] */
  caps?: readonly string[];
  /** @default navigator.language, when there is a navigator */
  locale?: string;
  /** @default navigator.userAgent, when there is a navigator */
  userAgent?: string;
  /** Deadline of each request and of the handshake, in ms. @default 15000 */
  requestTimeoutMs?: number;
  backoff?: Omit<BackoffOptions, "random">;
  /** Drop a connection after two tick intervals without any frame. @default true */
  watchTicks?: boolean;
  /** Time and timers (deadlines, ticks, reconnect waits). @default systemClock */
  clock?: Clock;
  random?: () => number;
}

/** A frame or payload the gateway sent that this client could not use. */
export interface ProtocolErrorInfo {
  /** Where it was met: "frame", "connect.challenge" or "hello-ok". */
  context: string;
  issues: ValidationIssue[];
}

/** The gateway client: a `GatewayConnection` plus its lifecycle. */
export interface GatewayClient extends GatewayConnection {
  start(): void;
  /** Closes the connection, stops reconnecting and rejects every waiting request with DISCONNECTED. */
  stop(): void;
  /** Skips the wait of a scheduled retry (for a "Retry now" button). */
  reconnectNow(): void;
  getHello(): HelloOk | undefined;
  /** Reports malformed frames; the client itself ignores them and carries on. */
  onProtocolError(listener: (info: ProtocolErrorInfo) => void): () => void;
}
