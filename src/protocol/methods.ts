import type { QuestionAnswers } from "./answers";
import type { GatewayQuestion } from "./question-record";

/** The protocol version this kit speaks. */
export const PROTOCOL_VERSION = 4;

/** Params of `question.request`. */
export interface QuestionRequestParams {
  id?: string;
  questions: Array<Omit<GatewayQuestion, "url"> & { url?: string }>;
  agentId?: string;
  sessionKey?: string;
  runId?: string;
  timeoutMs?: number;
}

/** Params of `question.resolve`: answers, or a cancel declining the whole prompt; the record keeps `resolvedBy`. */
export type QuestionResolveParams =
  | { id: string; answers: QuestionAnswers; resolvedBy?: string }
  | { id: string; cancel: true; resolvedBy?: string };

/** Result of `question.resolve`. */
export type QuestionResolveResult = { status: "answered"; answers: QuestionAnswers } | { status: "cancelled" };

/** Params of `chat.send`; the idempotency key makes a retry the same message. */
export interface ChatSendParams {
  sessionKey: string;
  message: string;
  idempotencyKey: string;
  replyToId?: string;
}

/** Payload of `question.resolved`. */
export type QuestionResolvedEvent =
  | { id: string; status: "answered"; answers: QuestionAnswers }
  | { id: string; status: "cancelled" }
  | { id: string; status: "expired" };

/** The gateway's greeting after a successful `connect`, reduced to what the kit uses. */
export interface HelloOk {
  protocol: number;
  server: { version: string; connId: string; bootId: string };
  methods: string[];
  events: string[];
  mainSessionKey?: string;
  /** The role the gateway granted (`auth.role`), when it said. */
  role?: string;
  scopes: string[];
  deviceToken?: string;
  maxPayload?: number;
  tickIntervalMs?: number;
}
