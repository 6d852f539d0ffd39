import type { HelloOk } from "../protocol/methods";
import type { ValidationIssue } from "../protocol/result";
import type { BackoffOptions } from "./backoff";
import type { Clock } from "./clock";
import type { KeyStore } from "./device-identity";
import type { TransportFactory } from "./transport";
import type { GatewayConnection } from "./connection";

/** Options of `createGatewayClient`. */
export interface GatewayClientOptions {
  /** The gateway's WebSocket URL, e.g. `ws://127.0.0.1:18789`. */
  url: string;
  /** The gateway's shared token, if it uses token auth. */
  token?: string;
  transport: TransportFactory;
  /** Where the device key lives. @default a memory store (a new device per client) */
  keyStore?: KeyStore;
  /** @default "openclaw-control-ui" */
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
  /** Reconnect schedule for transient failures. */
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
  /** Opens the connection and keeps it open until `stop`. */
  start(): void;
  /** Closes the connection, stops reconnecting and rejects every waiting request with DISCONNECTED. */
  stop(): void;
  /** Skips the wait of a scheduled retry (for a "Retry now" button). */
  reconnectNow(): void;
  /** The latest greeting, if the client ever connected. */
  getHello(): HelloOk | undefined;
  /** Reports malformed frames; the client itself ignores them and carries on. */
  onProtocolError(listener: (info: ProtocolErrorInfo) => void): () => void;
}
