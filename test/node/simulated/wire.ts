import { toBase64Url, toHex } from "../../../src/gateway/device-identity";
import type { Transport } from "../../../src/gateway/transport";
import type { SimClock, SimulatedGateway } from "../../../src/simulated";

/** Decoded JSON that tests read freely; a wrong path fails the assertion, not the compile. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A frame as it came off the simulated wire. */
export type WireFrame = { type: string; id?: string; ok?: boolean; event?: string; seq?: number; payload?: Json; error?: Json };

/** A raw client: sends text, records every frame and the close, and waits for frames by predicate. */
export class Wire {
  readonly frames: WireFrame[] = [];
  opened = false;
  closed: { code: number; reason: string } | undefined;
  readonly transport: Transport;
  private waiters: Array<() => void> = [];
  private nextId = 0;

  constructor(sim: SimulatedGateway) {
    this.transport = sim.transport("sim://gateway", {
      onOpen: () => {
        this.opened = true;
        this.wake();
      },
      onMessage: (text) => {
        this.frames.push(JSON.parse(text) as WireFrame);
        this.wake();
      },
      onClose: (info) => {
        this.closed = info;
        this.wake();
      },
    });
  }

  /** Sends raw text. */
  sendRaw(text: string): void {
    this.transport.send(text);
  }

  /** Sends a request frame; returns its id. */
  send(method: string, params?: unknown): string {
    this.nextId += 1;
    const id = `r${this.nextId}`;
    this.sendRaw(JSON.stringify({ type: "req", id, method, params }));
    return id;
  }

  /** Sends a request and waits for its response. */
  async call(method: string, params?: unknown): Promise<WireFrame> {
    const id = this.send(method, params);
    return this.until((f) => f.type === "res" && f.id === id);
  }

  /** Waits until a frame matching `match` has arrived (already received ones count). */
  async until(match: (f: WireFrame) => boolean): Promise<WireFrame> {
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      if (this.closed) throw new Error(`closed (${this.closed.code} ${this.closed.reason}) before the frame arrived`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Waits for the close. */
  async untilClosed(): Promise<{ code: number; reason: string }> {
    while (!this.closed) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.closed;
  }

  /** Events received with this name, in order. */
  events(name: string): WireFrame[] {
    return this.frames.filter((f) => f.type === "event" && f.event === name);
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

/** Lets queued microtasks (frame deliveries) run. */
export async function flush(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await Promise.resolve();
}

/** An Ed25519 device for signing connects, made with WebCrypto like the browser client's. */
export interface TestDevice {
  id: string;
  publicKey: string;
  privateKey: CryptoKey;
}

/** Creates a fresh device key. */
export async function createDevice(): Promise<TestDevice> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const id = toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", raw)));
  return { id, publicKey: toBase64Url(raw), privateKey: pair.privateKey };
}

/** What a test connect may vary. */
export interface ConnectOptions {
  token?: string;
  scopes?: string[];
  clientId?: string;
  device?: TestDevice | null;
  /** Signs a different string than the gateway expects. */
  tamper?: boolean;
  /** Signs with another nonce than the challenge's. */
  nonce?: string;
}

/** Builds signed `connect` params for a challenge; the v3 string is built here on purpose, independently of the client's code. */
export async function connectParams(challenge: { nonce: string; ts: number }, opts: ConnectOptions = {}): Promise<Record<string, unknown>> {
  const scopes = opts.scopes ?? ["operator.read", "operator.write", "operator.questions"];
  const clientId = opts.clientId ?? "openclaw-control-ui";
  const params: Record<string, unknown> = {
    minProtocol: 4,
    maxProtocol: 4,
    client: { id: clientId, version: "0.1.0", platform: "Web", mode: "webchat" },
    role: "operator",
    scopes,
    caps: [],
    ...(opts.token !== undefined ? { auth: { token: opts.token } } : {}),
  };
  if (opts.device !== null) {
    const device = opts.device ?? (await createDevice());
    const nonce = opts.nonce ?? challenge.nonce;
    const signed = ["v3", device.id, clientId, "webchat", "operator", scopes.join(","), String(challenge.ts), opts.token ?? "", nonce, "web", ""].join("|");
    const bytes = new TextEncoder().encode(opts.tamper ? `${signed}x` : signed);
    const signature = toBase64Url(new Uint8Array(await crypto.subtle.sign({ name: "Ed25519" }, device.privateKey, bytes)));
    params.device = { id: device.id, publicKey: device.publicKey, signature, signedAt: challenge.ts, nonce };
  }
  return params;
}

/** Opens a wire and completes the handshake; returns the wire and its `connect` response. */
export async function connect(sim: SimulatedGateway, opts: ConnectOptions = {}): Promise<{ wire: Wire; res: WireFrame }> {
  const wire = new Wire(sim);
  const challenge = await wire.until((f) => f.event === "connect.challenge");
  const res = await wire.call("connect", await connectParams(challenge.payload, opts));
  return { wire, res };
}

/** A hand-driven clock: time moves only when `advance` is called. */
export class ManualClock implements SimClock {
  private time = 1_700_000_000_000;
  private timers = new Map<number, { at: number; run: () => void }>();
  private nextHandle = 1;

  now(): number {
    return this.time;
  }

  setTimeout(run: () => void, ms: number): unknown {
    const handle = this.nextHandle++;
    this.timers.set(handle, { at: this.time + Math.max(0, ms), run });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time forward, firing due timers in order and letting deliveries run between them. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await flush();
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].run();
      await flush();
    }
    this.time = end;
    await flush();
  }
}
