import { asObject, Reader } from "./reader";
import { invalid, valid, type Validated } from "./result";

/** A client-to-gateway request frame. */
export interface RequestFrame {
  type: "req";
  id: string;
  method: string;
  params?: unknown;
}

/** The error body of a failed response. */
export interface GatewayErrorBody {
  code: string;
  message: string;
  details?: Record<string, unknown>;
  retryable?: boolean;
  retryAfterMs?: number;
}

/** A gateway-to-client response frame. */
export type ResponseFrame =
  | { type: "res"; id: string; ok: true; payload: unknown }
  | { type: "res"; id: string; ok: false; error: GatewayErrorBody };

/** A gateway-to-client event frame; `seq` counts per connection. */
export interface EventFrame {
  type: "event";
  event: string;
  payload: unknown;
  seq?: number;
}

/** Any frame the gateway sends. */
export type InboundFrame = ResponseFrame | EventFrame;
/** Any frame either side sends. */
export type Frame = InboundFrame | RequestFrame;

function readError(r: Reader, raw: unknown): GatewayErrorBody {
  const e = r.object(raw, "error") ?? {};
  const body: GatewayErrorBody = {
    code: typeof e.code === "string" ? e.code : "UNKNOWN",
    message: typeof e.message === "string" ? e.message : "The gateway reported an error without a message.",
  };
  const details = asObject(e.details);
  if (details) body.details = details;
  if (typeof e.retryable === "boolean") body.retryable = e.retryable;
  const after = e.retryAfterMs ?? body.details?.retryAfterMs;
  if (typeof after === "number" && Number.isFinite(after)) body.retryAfterMs = after;
  return body;
}

/** Parses one WebSocket text message from the gateway into a frame; never throws. */
export function parseFrame(text: string): Validated<InboundFrame> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return invalid([{ path: "", message: "is not valid JSON" }]);
  }
  const r = new Reader();
  const o = r.object(data, "");
  if (!o) return invalid(r.issues);
  // A gateway sends no requests: a "req" frame is as unreadable as any other type.
  const type = r.oneOf(o.type, "type", ["res", "event"] as const);
  if (type === "event") {
    const event = r.string(o.event, "event", { nonEmpty: true });
    const seq = r.optionalNumber(o.seq, "seq");
    if (event === undefined) return invalid(r.issues);
    const frame: EventFrame = { type, event, payload: o.payload };
    if (seq !== undefined) frame.seq = seq;
    return r.issues.length ? invalid(r.issues) : valid(frame);
  }
  const id = r.string(o.id, "id", { nonEmpty: true });
  const ok = r.boolean(o.ok, "ok");
  if (type === undefined || id === undefined || ok === undefined) return invalid(r.issues);
  return valid(ok ? { type, id, ok, payload: o.payload } : { type, id, ok, error: readError(r, o.error) });
}
