// A minimal, test-only WebSocket client for the real OpenClaw gateway: the challenge/connect
// handshake with an Ed25519 device identity (node:crypto WebCrypto), request/response by id,
// and a log of every event. No reconnects, no React. The kit's own client lives in src/gateway.
import { webcrypto } from 'node:crypto';
import WebSocket from 'ws';

const subtle = webcrypto.subtle;

export interface RawFrameError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
  retryable?: boolean;
  retryAfterMs?: number;
}

export interface RawEvent {
  type: 'event';
  event: string;
  payload?: unknown;
  seq?: number;
  /** Local receive time (ms), added by this client. */
  receivedAt: number;
}

/** A failed `res` frame, thrown by `request`. */
export class GatewayRequestError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  readonly frame: unknown;
  constructor(method: string, error: RawFrameError, frame: unknown) {
    super(`${method}: ${error.code}: ${error.message}`);
    this.name = 'GatewayRequestError';
    this.code = error.code;
    this.details = error.details;
    this.frame = frame;
  }
}

/**
 * True for the gateway's "still starting" refusal of `connect`:
 * `{code:"UNAVAILABLE", retryable:true, retryAfterMs:500, details:{reason:"startup-sidecars"}}`.
 */
export function isStartupUnavailable(err: unknown): boolean {
  return err instanceof GatewayRequestError && err.code === 'UNAVAILABLE' && err.details?.['reason'] === 'startup-sidecars';
}

/** An Ed25519 key pair plus its derived ids; reuse it to reconnect as the same device. */
export interface DeviceIdentity {
  id: string;
  publicKey: string;
  privateKey: webcrypto.CryptoKey;
}

/** The part of a `ws` WebSocket this client uses, so another transport (the simulated gateway's) can stand in. */
export interface RawSocket {
  readonly readyState: number;
  on(event: 'message', cb: (data: unknown) => void): unknown;
  on(event: 'close', cb: (code: number, reason: unknown) => void): unknown;
  on(event: 'error', cb: (err: Error) => void): unknown;
  once(event: 'open' | 'close', cb: () => void): unknown;
  once(event: 'error', cb: (err: Error) => void): unknown;
  send(text: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

export interface ConnectRawOptions {
  /** Opens the socket; a WebSocket to `url` by default. `headers` are the extra upgrade headers of `headers` below. */
  openSocket?: (url: string, origin: string | null, headers: Record<string, string>) => RawSocket;
  /**
   * Extra headers of the WebSocket upgrade, e.g. a trusted proxy's `x-forwarded-user` and `x-forwarded-for`
   * (`trustedProxyHeaders` in harness.ts). An `origin` here is overridden by `origin`.
   */
  headers?: Record<string, string>;
  /**
   * The connect's `auth` object, sent instead of `{ token }`: `{}` for a trusted proxy's guest, `{ password }` for
   * the owner of a password gateway. The device signature then signs `auth.token`, or an empty token.
   */
  auth?: { token?: string; password?: string };
  clientId?: string;
  clientMode?: string;
  clientVersion?: string;
  platform?: string;
  deviceFamily?: string;
  /** `client.buildId`. Only checked for `openclaw-control-ui` on the gateway's own origin ("dev" passes). */
  buildId?: string;
  /**
   * The Origin header. Default `http://127.0.0.1:5173`: a page on another loopback origin, as the
   * kit's dev server is. Pass `null` to send none. (With the gateway's own origin, an
   * `openclaw-control-ui` client must send the gateway's build id, or "dev", as `buildId`.)
   */
  origin?: string | null;
  role?: string;
  scopes?: string[];
  caps?: string[];
  identity?: DeviceIdentity;
  /** Total time to keep retrying `UNAVAILABLE` (startup-sidecars) and refused sockets. Default 0: no retries. */
  retryForMs?: number;
  /** Per-attempt handshake timeout. Default 10 s. */
  timeoutMs?: number;
  /** Default timeout of `request`, 60 s: a hang guard, not a pace (a starved 2-core machine took over 15 s). */
  requestTimeoutMs?: number;
}

export interface RawClient {
  /** The `hello-ok` payload. */
  hello: Record<string, unknown> & {
    server?: { version?: string; connId?: string; bootId?: string };
    snapshot?: Record<string, unknown>;
    features?: { methods?: string[]; events?: string[] };
    auth?: { method?: string; role?: string; scopes?: string[]; deviceToken?: string };
    policy?: Record<string, unknown>;
  };
  identity: DeviceIdentity;
  /** Every event frame received after the handshake (including `tick`), in order. */
  events: RawEvent[];
  /** Every frame received, raw, in order (the handshake's included). */
  frames: unknown[];
  request<T = unknown>(method: string, params?: unknown, opts?: { timeoutMs?: number }): Promise<T>;
  /** Sends a request and resolves with the whole `res` frame, ok or not (never throws on ok:false). */
  requestFrame(method: string, params?: unknown, opts?: { timeoutMs?: number }): Promise<ResFrame>;
  onEvent(cb: (ev: RawEvent) => void): () => void;
  /** Resolves with the first event (already received or future) matching `pred`. */
  waitForEvent(pred: (ev: RawEvent) => boolean, timeoutMs?: number): Promise<RawEvent>;
  readonly closed: boolean;
  onClose(cb: (code: number, reason: string) => void): () => void;
  close(): Promise<void>;
}

export interface ResFrame {
  type: 'res';
  id: string;
  ok: boolean;
  payload?: unknown;
  error?: RawFrameError;
}

const DEFAULT_SCOPES = [
  'operator.read',
  'operator.write',
  'operator.admin',
  'operator.approvals',
  'operator.questions',
];

function b64url(bytes: ArrayBuffer | Uint8Array): string {
  return Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url');
}

export async function createDeviceIdentity(): Promise<DeviceIdentity> {
  const pair = (await subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const raw = new Uint8Array(await subtle.exportKey('raw', pair.publicKey));
  const digest = new Uint8Array(await subtle.digest('SHA-256', raw));
  return { id: Buffer.from(digest).toString('hex'), publicKey: b64url(raw), privateKey: pair.privateKey };
}

/** The v3 device-auth payload the gateway verifies. */
export function deviceAuthPayloadV3(p: {
  deviceId: string;
  clientId: string;
  mode: string;
  role: string;
  scopes: string[];
  signedAt: number;
  token: string;
  nonce: string;
  platform: string;
  deviceFamily: string;
}): string {
  return [
    'v3',
    p.deviceId,
    p.clientId,
    p.mode,
    p.role,
    p.scopes.join(','),
    String(p.signedAt),
    p.token,
    p.nonce,
    p.platform.toLowerCase(),
    p.deviceFamily.toLowerCase(),
  ].join('|');
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

let idCounter = 0;
function nextId(): string {
  idCounter += 1;
  return `r${idCounter}-${Date.now().toString(36)}`;
}

/** One connection attempt; rejects with GatewayRequestError for a refused `connect`. */
async function attempt(url: string, token: string, opts: ConnectRawOptions, identity: DeviceIdentity): Promise<RawClient> {
  const clientId = opts.clientId ?? 'openclaw-control-ui';
  const mode = opts.clientMode ?? 'webchat';
  const platform = opts.platform ?? 'web';
  const deviceFamily = opts.deviceFamily ?? '';
  const role = opts.role ?? 'operator';
  const scopes = opts.scopes ?? DEFAULT_SCOPES;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const requestTimeoutMs = opts.requestTimeoutMs ?? 60_000;

  const origin = opts.origin === undefined ? 'http://127.0.0.1:5173' : opts.origin;
  const headers: Record<string, string> = { ...opts.headers, ...(origin ? { origin } : {}) };
  const ws: RawSocket = opts.openSocket ? opts.openSocket(url, origin, headers) : new WebSocket(url, Object.keys(headers).length ? { headers } : {});
  const frames: unknown[] = [];
  const events: RawEvent[] = [];
  const listeners = new Set<(ev: RawEvent) => void>();
  const closeListeners = new Set<(code: number, reason: string) => void>();
  const pending = new Map<string, { resolve: (f: ResFrame) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  let closed = false;
  let challenge: { nonce: string; ts: number } | undefined;
  let challengeWaiter: ((c: { nonce: string; ts: number }) => void) | undefined;

  const failAll = (err: Error) => {
    for (const [, p] of pending) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    pending.clear();
  };

  ws.on('message', (data) => {
    let frame: Record<string, unknown>;
    try {
      frame = JSON.parse(String(data)) as Record<string, unknown>;
    } catch {
      return;
    }
    frames.push(frame);
    if (frame['type'] === 'res') {
      const p = pending.get(String(frame['id']));
      if (p) {
        pending.delete(String(frame['id']));
        clearTimeout(p.timer);
        p.resolve(frame as unknown as ResFrame);
      }
      return;
    }
    if (frame['type'] === 'event') {
      if (frame['event'] === 'connect.challenge' && !challenge) {
        challenge = frame['payload'] as { nonce: string; ts: number };
        challengeWaiter?.(challenge);
        return;
      }
      const ev: RawEvent = { ...(frame as Omit<RawEvent, 'receivedAt'>), receivedAt: Date.now() };
      events.push(ev);
      for (const cb of [...listeners]) cb(ev);
    }
  });
  ws.on('close', (code, reason) => {
    closed = true;
    failAll(new Error(`socket closed (${code} ${String(reason)})`));
    for (const cb of [...closeListeners]) cb(code, String(reason));
  });

  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`open timeout ${url}`)), timeoutMs);
    ws.once('open', () => {
      clearTimeout(t);
      resolve();
    });
    ws.once('error', (err) => {
      clearTimeout(t);
      reject(err);
    });
  });
  ws.on('error', () => {
    /* surfaced through close */
  });

  const ch =
    challenge ??
    (await new Promise<{ nonce: string; ts: number }>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('no connect.challenge')), timeoutMs);
      challengeWaiter = (c) => {
        clearTimeout(t);
        resolve(c);
      };
    }));

  const requestFrame = (method: string, params?: unknown, o?: { timeoutMs?: number }): Promise<ResFrame> => {
    if (closed || ws.readyState !== WebSocket.OPEN) return Promise.reject(new Error(`${method}: socket not open`));
    const id = nextId();
    return new Promise<ResFrame>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${method}: no response in ${o?.timeoutMs ?? requestTimeoutMs} ms`));
      }, o?.timeoutMs ?? requestTimeoutMs);
      pending.set(id, { resolve, reject, timer });
      ws.send(JSON.stringify({ type: 'req', id, method, params: params ?? {} }));
    });
  };
  const request = async <T>(method: string, params?: unknown, o?: { timeoutMs?: number }): Promise<T> => {
    const res = await requestFrame(method, params, o);
    if (!res.ok) throw new GatewayRequestError(method, res.error ?? { code: 'UNKNOWN', message: 'no error' }, res);
    return res.payload as T;
  };

  const signedAt = ch.ts;
  // The gateway verifies the signature over the token it was given (else the device token): "" when there is none.
  const auth = opts.auth ?? { token };
  const payload = deviceAuthPayloadV3({
    deviceId: identity.id,
    clientId,
    mode,
    role,
    scopes,
    signedAt,
    token: auth.token ?? '',
    nonce: ch.nonce,
    platform,
    deviceFamily,
  });
  const signature = b64url(await subtle.sign({ name: 'Ed25519' }, identity.privateKey, new TextEncoder().encode(payload)));
  const client: Record<string, unknown> = { id: clientId, version: opts.clientVersion ?? '0.0.0-test', platform, mode };
  if (deviceFamily) client['deviceFamily'] = deviceFamily;
  if (opts.buildId) client['buildId'] = opts.buildId;
  const res = await requestFrame(
    'connect',
    {
      minProtocol: 4,
      maxProtocol: 4,
      client,
      role,
      scopes,
      caps: opts.caps ?? [],
      auth,
      locale: 'en-US',
      userAgent: 'question-dock-raw-test-client',
      device: { id: identity.id, publicKey: identity.publicKey, signature, signedAt, nonce: ch.nonce },
    },
    { timeoutMs },
  ).catch((err: unknown) => {
    ws.terminate();
    throw err;
  });
  if (!res.ok) {
    ws.terminate();
    throw new GatewayRequestError('connect', res.error ?? { code: 'UNKNOWN', message: 'connect refused' }, res);
  }

  const raw: RawClient = {
    hello: res.payload as RawClient['hello'],
    identity,
    events,
    frames,
    request,
    requestFrame,
    onEvent(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    waitForEvent(pred, ms = 15_000) {
      const seen = events.find(pred);
      if (seen) return Promise.resolve(seen);
      return new Promise<RawEvent>((resolve, reject) => {
        const t = setTimeout(() => {
          off();
          reject(new Error(`event not seen in ${ms} ms; last events: ${events.slice(-5).map((e) => e.event).join(', ')}`));
        }, ms);
        const off = raw.onEvent((ev) => {
          if (pred(ev)) {
            clearTimeout(t);
            off();
            resolve(ev);
          }
        });
      });
    },
    get closed() {
      return closed;
    },
    onClose(cb) {
      closeListeners.add(cb);
      return () => closeListeners.delete(cb);
    },
    close() {
      if (closed) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          ws.terminate();
          resolve();
        }, 2000);
        ws.once('close', () => {
          clearTimeout(t);
          resolve();
        });
        ws.close(1000, 'done');
      });
    },
  };
  return raw;
}

/**
 * Connects and completes the handshake. With `retryForMs`, retries `UNAVAILABLE` answers
 * (reason `startup-sidecars`, honouring `retryAfterMs`) and refused/closed sockets until then.
 */
export async function connectRaw(url: string, token: string, opts: ConnectRawOptions = {}): Promise<RawClient> {
  const identity = opts.identity ?? (await createDeviceIdentity());
  const deadline = Date.now() + (opts.retryForMs ?? 0);
  let last: unknown;
  for (;;) {
    try {
      return await attempt(url, token, opts, identity);
    } catch (err) {
      last = err;
      let waitMs = 250;
      if (err instanceof GatewayRequestError) {
        // Only the startup window is worth waiting for; any other refusal is final.
        if (!isStartupUnavailable(err)) throw err;
        const after = (err.frame as ResFrame).error?.retryAfterMs;
        if (typeof after === 'number') waitMs = Math.min(Math.max(after, 100), 2000);
      }
      if (Date.now() + waitMs > deadline) break;
      await sleep(waitMs);
    }
  }
  throw last instanceof Error ? last : new Error(String(last));
}
