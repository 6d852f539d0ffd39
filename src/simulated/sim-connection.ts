import type { GatewayErrorBody } from "../protocol/frames";
import type { Transport, TransportHandlers } from "../gateway/transport";
import type { SimClock } from "./sim-clock";
import type { SimGrant } from "./sim-handshake";

/** Schedules one delivery; the gateway passes one that keeps socket-like ordering (microtask or a fixed latency). */
export type Deliver = (run: () => void) => void;

/** What a connection reports to the gateway that owns it. */
export interface SimConnectionHooks {
  onFrame(conn: SimConnection, text: string): void;
  onClosed(conn: SimConnection): void;
}

/** One simulated socket: a `Transport` on the client side; JSON text, per-connection `seq` and socket-like closes on the server side. */
export class SimConnection implements Transport {
  /** The challenge this connection must sign. */
  challenge?: { nonce: string; ts: number };
  /** Set once `connect` succeeded. */
  grant?: SimGrant;
  /** True while a `connect` is being checked, so a second one is not started. */
  handshaking = false;
  private seq = 0;
  private open = false;
  /** No more frames go out from the server side. */
  private closing = false;
  /** Frames still in flight are lost (abnormal close or the client hung up). */
  private dead = false;
  private closeReported = false;
  private tickTimer: unknown;

  constructor(
    readonly connId: string,
    private readonly handlers: TransportHandlers,
    private readonly hooks: SimConnectionHooks,
    private readonly deliver: Deliver,
    private readonly clock: SimClock,
  ) {}

  /** Opens the socket from the server side; the client hears `onOpen`. */
  accept(): void {
    this.deliver(() => {
      if (this.dead) return;
      this.open = true;
      this.handlers.onOpen();
    });
  }

  /** True while the server side can still send. */
  get isOpen(): boolean {
    return !this.closing && !this.dead;
  }

  // Client side ------------------------------------------------------------------------------

  /** Sends a frame to the gateway; like a WebSocket, throws before open and ignores sends after close. */
  send(text: string): void {
    if (!this.open && !this.closing && !this.dead) throw new Error("InvalidStateError: the simulated socket is still connecting");
    if (this.closing || this.dead) return;
    this.deliver(() => {
      if (!this.closing && !this.dead) this.hooks.onFrame(this, String(text));
    });
  }

  /** The client hangs up; it still hears `onClose` once, with its own code. */
  close(code = 1000, reason = ""): void {
    if (this.dead || this.closeReported) return;
    this.dead = true;
    this.finish(code, reason);
  }

  // Server side ------------------------------------------------------------------------------

  /** Sends any frame as JSON text, so nothing shares object identity with the client. */
  sendFrame(frame: object): void {
    if (!this.isOpen) return;
    const text = JSON.stringify(frame);
    this.deliver(() => {
      if (!this.dead) this.handlers.onMessage(text);
    });
  }

  /** Sends an event; after the handshake each one carries this connection's next `seq`. */
  event(event: string, payload: unknown): void {
    if (!this.isOpen) return;
    if (this.grant) this.seq += 1;
    this.sendFrame(this.grant ? { type: "event", event, payload, seq: this.seq } : { type: "event", event, payload });
  }

  /** Answers a request successfully. */
  respond(id: string, payload: unknown): void {
    this.sendFrame({ type: "res", id, ok: true, payload });
  }

  /** Answers a request with an error. */
  respondError(id: string, error: GatewayErrorBody): void {
    this.sendFrame({ type: "res", id, ok: false, error });
  }

  /** Sends `tick` every interval while the connection lives, so the client's liveness watch stays satisfied. */
  startTicks(intervalMs: number): void {
    this.tickTimer = this.clock.setTimeout(() => {
      if (!this.isOpen) return;
      this.event("tick", { ts: this.clock.now() });
      this.startTicks(intervalMs);
    }, intervalMs);
  }

  /** Closes cleanly from the server side: frames already sent still arrive, then `onClose`. */
  closeFromServer(code: number, reason: string): void {
    if (!this.isOpen) return;
    this.closing = true;
    this.deliver(() => this.finish(code, reason));
  }

  /** Drops the socket abnormally: frames in flight are lost and the client hears code 1006. */
  drop(): void {
    if (this.dead || this.closeReported) return;
    this.dead = true;
    this.closing = true;
    this.deliver(() => this.finish(1006, ""));
  }

  private finish(code: number, reason: string): void {
    if (this.closeReported) return;
    this.closeReported = true;
    this.dead = true;
    this.closing = true;
    this.clock.clearTimeout(this.tickTimer);
    this.hooks.onClosed(this);
    // The client's own close() is reported asynchronously, as a WebSocket's close event would be.
    this.deliver(() => this.handlers.onClose({ code, reason }));
  }
}
