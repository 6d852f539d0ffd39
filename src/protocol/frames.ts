import { asNumber, asObject, compact, Reader } from "./reader";
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
  const details = asObject(e.details);
  return compact<GatewayErrorBody>({
    code: typeof e.code === "string" ? e.code : "UNKNOWN",
    message: typeof e.message === "string" ? e.message : "The gateway reported an error without a message.",
    details,
    retryable: typeof e.retryable === "boolean" ? e.retryable : undefined,
    retryAfterMs: asNumber(e.retryAfterMs ?? details?.retryAfterMs),
  });
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
    const event = r.string(o.event, "event", "nonEmpty");
    const seq = o.seq === undefined || o.seq === null ? undefined : r.number(o.seq, "seq");
    if (event === undefined || r.issues.length) return invalid(r.issues);
    return valid({ type, event, payload: o.payload, ...(seq === undefined ? {} : { seq }) });
  }
  const id = r.string(o.id, "id", "nonEmpty");
  const ok = r.boolean(o.ok, "ok");
  if (type === undefined || id === undefined || ok === undefined) return invalid(r.issues);
  return valid(ok ? { type, id, ok, payload: o.payload } : { type, id, ok, error: readError(r, o.error) });
}
