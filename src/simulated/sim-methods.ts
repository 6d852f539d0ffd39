import { QuestionErrorReason } from "../protocol/errors";
import type { ChatSendParams } from "../protocol/methods";
import type { QuestionAnswers } from "../protocol/answers";
import type { SimChat } from "./sim-chat";
import { invalidRequest, missingScope, questionError } from "./sim-errors";
import { admission, canSeeQuestion, ownRunAccessOnly, ownSessionRequired, profileRequired, scopeSatisfied, writesAsGuest } from "./sim-scopes";
import { questionParamsError, questionShapeError, type SimQuestionInput, type SimQuestionSchema } from "./sim-question-rules";
import type { SimQuestionRequest, SimQuestionStore } from "./sim-questions";
import { any, bool, checkValue, int, literal, nonEmpty, obj, optional, str, type Check } from "./sim-schema";
import type { SimMessageSubscriptions } from "./sim-subscriptions";

/** What a method handler can reach. */
export interface SimMethodContext {
  scopes: readonly string[];
  /** The verified profile of a guest connection (a guest token); the shared-token owner has none. */
  profileId?: string;
  /** The caller's policy (see `SimGrant.policy`); a run's creator is matched by it. */
  callerId?: string;
  questions: SimQuestionStore;
  /** Whose `question.request` rules apply. */
  questionSchema: SimQuestionSchema;
  chat: SimChat;
  /** The calling connection, which owns its subscriptions. */
  connId: string;
  subscriptions: SimMessageSubscriptions;
}

type Handler = (params: unknown, ctx: SimMethodContext) => unknown;

interface MethodSpec {
  scope: string;
  handle: Handler;
}

const ADMIN = "operator.admin";

// Without operator.questions a question this caller may not see is "not found", never "forbidden": its existence stays private.
function visible(ctx: SimMethodContext, id: string): void {
  const record = ctx.questions.get(id);
  if (record && !canSeeQuestion(ctx, record, ctx.questions.askedBy(id))) notFound(id);
}

function checked<T>(method: string, schema: Check, params: unknown): T {
  const problem = checkValue(schema, params);
  if (problem) throw invalidRequest(`invalid ${method} params: ${problem}`);
  return params as T;
}

function questionParams<T>(method: string, params: unknown, rules?: SimQuestionSchema): T {
  const error = questionParamsError(method, params, rules);
  if (error) throw error;
  return params as T;
}

function notFound(id: string): never {
  throw questionError(QuestionErrorReason.NotFound, `question '${id}' was not found`);
}

// The real schema has many more optional fields; they are listed so a client using them is not refused here.
const chatSendSchema = obj({
  sessionKey: nonEmpty,
  message: str(),
  idempotencyKey: nonEmpty,
  replyToId: optional(nonEmpty),
  agentId: optional(nonEmpty),
  sessionId: optional(nonEmpty),
  thinking: optional(str()),
  deliver: optional(bool),
  timeoutMs: optional(int({ minimum: 0 })),
  attachments: optional(any),
  mentions: optional(any),
  workContext: optional(any),
  intent: optional(any),
  fastMode: optional(any),
  queueMode: optional(str()),
  suppressCommandInterpretation: optional(bool),
});
const chatHistorySchema = obj({
  sessionKey: nonEmpty,
  agentId: optional(nonEmpty),
  sessionId: optional(nonEmpty),
  limit: optional(int({ minimum: 1 })),
  cursor: optional(str()),
  maxChars: optional(int({ minimum: 1 })),
});
const subscribeSchema = obj({ key: nonEmpty, agentId: optional(nonEmpty), includeApprovals: optional(literal(true)) });
const unsubscribeSchema = obj({ key: nonEmpty, agentId: optional(nonEmpty) });
const chatAbortSchema = obj({ sessionKey: nonEmpty, agentId: optional(nonEmpty), runId: optional(nonEmpty), preserveSideRuns: optional(bool) });

/** Validates a `question.request` as the gateway does beyond its schema; shared with the scripting `ask`. */
export function assertAskable(questions: readonly SimQuestionInput[], rules: SimQuestionSchema): void {
  const shape = questionShapeError(questions, rules);
  if (shape) throw invalidRequest(shape);
}

const methods: Record<string, MethodSpec> = {
  "question.request": {
    scope: "operator.questions",
    handle: (params, ctx) => {
      const p = questionParams<SimQuestionRequest>("question.request", params, ctx.questionSchema);
      // A guest's questions come from its own agent runs (scripted with `ask({ askedBy })`), never from its socket.
      if (ownRunAccessOnly(ctx)) throw invalidRequest("question creation requires trusted agent runtime authority");
      if (p.questions.some((q) => q.secretStore)) {
        // Secret-store prompts come only from a trusted agent runtime, never from an operator socket.
        throw invalidRequest(ctx.scopes.includes(ADMIN) ? "secret store questions require trusted agent runtime authority" : "secret store questions require an operator.admin client");
      }
      assertAskable(p.questions, ctx.questionSchema);
      const record = ctx.questions.request(p);
      return { id: record.id, expiresAtMs: record.expiresAtMs };
    },
  },
  "question.list": {
    scope: "operator.questions",
    handle: (params, ctx) => {
      questionParams("question.list", params);
      return { questions: ctx.questions.list().filter((r) => canSeeQuestion(ctx, r, ctx.questions.askedBy(r.id))) };
    },
  },
  "question.get": {
    scope: "operator.questions",
    handle: (params, ctx) => {
      const { id } = questionParams<{ id: string }>("question.get", params);
      visible(ctx, id);
      return { question: ctx.questions.get(id) ?? notFound(id) };
    },
  },
  "question.resolve": {
    scope: "operator.questions",
    handle: (params, ctx) => {
      const p = questionParams<{ id: string; cancel?: true; answers?: QuestionAnswers; resolvedBy?: string }>("question.resolve", params);
      visible(ctx, p.id);
      if (p.cancel) return ctx.questions.cancel(p.id, p.resolvedBy);
      return ctx.questions.resolve(p.id, p.answers ?? { answers: {} }, p.resolvedBy);
    },
  },
  "question.waitAnswer": {
    scope: "operator.questions",
    handle: (params, ctx) => {
      const p = questionParams<{ id: string; timeoutMs?: number }>("question.waitAnswer", params);
      visible(ctx, p.id);
      return ctx.questions.waitAnswer(p.id, p.timeoutMs);
    },
  },
  "chat.send": {
    scope: "operator.write",
    handle: (params, ctx) => {
      const p = checked<ChatSendParams>("chat.send", chatSendSchema, params);
      if (p.message.includes("\0")) throw invalidRequest("message must not contain null bytes");
      if (writesAsGuest(ctx) && !ctx.chat.guestMayWrite(p.sessionKey, ctx.profileId)) throw ownSessionRequired();
      return ctx.chat.send(p, ctx.callerId, ctx.profileId);
    },
  },
  "chat.history": {
    scope: "operator.read",
    handle: (params, ctx) => {
      const p = checked<{ sessionKey: string; limit?: number }>("chat.history", chatHistorySchema, params);
      return ctx.chat.history(p.sessionKey, p.limit);
    },
  },
  "chat.abort": {
    scope: "operator.write",
    handle: (params, ctx) => {
      const p = checked<{ sessionKey: string; runId?: string }>("chat.abort", chatAbortSchema, params);
      if (writesAsGuest(ctx) && !ctx.chat.guestMayWrite(p.sessionKey, ctx.profileId)) throw ownSessionRequired();
      return ctx.chat.abort(p.sessionKey, p.runId);
    },
  },
  "sessions.messages.subscribe": {
    scope: "operator.read",
    handle: (params, ctx) => {
      const p = checked<{ key: string; includeApprovals?: true }>("sessions.messages.subscribe", subscribeSchema, params);
      // Replaying approvals needs operator.approvals; this gateway has no approvals to replay.
      if (p.includeApprovals && !scopeSatisfied("operator.approvals", ctx.scopes)) throw invalidRequest("includeApprovals requires operator.approvals");
      return { subscribed: true, key: ctx.subscriptions.add(ctx.connId, p.key), ...(p.includeApprovals ? { approvalReplay: [] } : {}) };
    },
  },
  "sessions.messages.unsubscribe": {
    scope: "operator.read",
    handle: (params, ctx) => {
      const p = checked<{ key: string }>("sessions.messages.unsubscribe", unsubscribeSchema, params);
      return { subscribed: false, key: ctx.subscriptions.remove(ctx.connId, p.key) };
    },
  },
};

/** Every method the simulated gateway serves, as `hello-ok.features.methods` lists them. */
export const SIM_METHODS: readonly string[] = Object.keys(methods);
/** Every event it emits, as `hello-ok.features.events` lists them. */
export const SIM_EVENTS: readonly string[] = ["connect.challenge", "tick", "question.requested", "question.resolved", "chat", "agent", "session.message"];

/** Runs one method call: unknown methods and missing scopes fail like on the gateway; handlers may throw or be async. */
export function callMethod(method: string, params: unknown, ctx: SimMethodContext): unknown {
  const spec = methods[method];
  if (!spec) throw invalidRequest(`unknown method: ${method}`);
  const refused = admission(method, spec.scope, ctx);
  if (refused === "profile") throw profileRequired();
  if (refused !== undefined) throw missingScope(refused, [refused]);
  return spec.handle(params, ctx);
}
