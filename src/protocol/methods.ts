import type { QuestionAnswers } from "./answers";
import type { GatewayQuestion, QuestionRecord } from "./question-record";
import type { SessionMessagesParams, SessionMessagesSubscription } from "./session-message";

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

/** Params of `question.resolve`: answers, or a cancel that declines the whole prompt; the gateway keeps `resolvedBy` on the record. */
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

/** The typed method table: params and results of every call the kit makes. */
export interface GatewayMethods {
  "question.request": { params: QuestionRequestParams; result: { id: string; expiresAtMs: number } };
  "question.list": { params: Record<string, never>; result: { questions: QuestionRecord[] } };
  "question.get": { params: { id: string }; result: { question: QuestionRecord } };
  "question.resolve": { params: QuestionResolveParams; result: QuestionResolveResult };
  "chat.send": { params: ChatSendParams; result: { runId: string; status: string } };
  "chat.history": { params: { sessionKey: string; limit?: number }; result: { messages: unknown[] } };
  "chat.abort": { params: { sessionKey: string; runId?: string }; result: unknown };
  "sessions.messages.subscribe": { params: SessionMessagesParams; result: SessionMessagesSubscription };
  "sessions.messages.unsubscribe": { params: SessionMessagesParams; result: SessionMessagesSubscription };
}

/** A method name of the typed table. */
export type GatewayMethod = keyof GatewayMethods;

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
