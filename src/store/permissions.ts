import { GatewayRequestError } from "../gateway/types";
import { isSecretQuestion, type QuestionRecord } from "../protocol";
import type { DockContext } from "./create-dock-store";

/** How many refusals the state keeps; one per method is the usual case. */
const MAX_NOTICES = 10;
/** How many hidden questions the state lists for the details view; older ones are dropped first. */
const MAX_HIDDEN = 50;

/** A call the gateway refused for lack of permission (`FORBIDDEN`), kept so the view can say so in words. */
export interface PermissionNotice {
  /** The refused method, e.g. "question.list". */
  method: string;
  /** The scope the gateway named in `details.missingScope`, when it named one. */
  missingScope?: string;
  /** The gateway's own message (untrusted text; render as text). */
  message: string;
  at: number;
}

/**
 * Why a question this connection heard of is not shown. Without `operator.questions` the gateway lets a
 * connection answer only ordinary questions of its own agent runs in its own session, so the dock hides
 * secret prompts, questions with no session, and questions no agent run asked (an operator's own `question.request`).
 */
export type HiddenReason = "secret" | "sessionless" | "admin";

/** A question kept out of the dock, with its reason, for a details view. */
export interface HiddenQuestion {
  id: string;
  reason: HiddenReason;
  at: number;
}

/** What the connection may not do, as the dock learned it. */
export interface PermissionState {
  notices: PermissionNotice[];
  hidden: HiddenQuestion[];
}

/** The scopes that give the full question access (every question, secrets included, subject to the gateway's own rules). */
const FULL_QUESTION_SCOPES = ["operator.questions", "operator.admin"];

/** The empty permission state of a new dock. */
export function emptyPermissions(): PermissionState {
  return { notices: [], hidden: [] };
}

/** True when granted scopes give full question access; unknown grants (no `auth.scopes`) count as full, to hide nothing by guess. */
export function hasFullQuestionAccess(granted: readonly string[] | undefined): boolean {
  return !granted || granted.length === 0 || granted.some((s) => FULL_QUESTION_SCOPES.includes(s));
}

/** Why a narrow connection must not show this record, or undefined when it may. */
export function hiddenReasonOf(record: QuestionRecord, granted: readonly string[] | undefined): HiddenReason | undefined {
  if (hasFullQuestionAccess(granted)) return undefined;
  if (record.questions.some(isSecretQuestion)) return "secret";
  if (!record.sessionKey) return "sessionless";
  if (!record.runId) return "admin";
  return undefined;
}

/** The notice a refused call deserves: only `FORBIDDEN` replies are permission matters. */
export function permissionNoticeOf(method: string, error: unknown, at: number): PermissionNotice | undefined {
  if (!(error instanceof GatewayRequestError) || error.code !== "FORBIDDEN") return undefined;
  const scope = error.details?.["missingScope"];
  // GatewayRequestError prefixes the method and code; the person needs only the gateway's own sentence.
  const message = error.message.replace(/^\S+ failed: FORBIDDEN(?: \([^)]*\))?: /, "");
  return { method, message, at, ...(typeof scope === "string" && scope ? { missingScope: scope } : {}) };
}

/** Records a refusal in the dock's state (one per method, newest kept); returns true when it was a permission refusal. */
export function notePermission(ctx: DockContext, method: string, error: unknown): boolean {
  const notice = permissionNoticeOf(method, error, ctx.options.now());
  if (!notice) return false;
  const { permission } = ctx.get();
  ctx.dispatch({ type: "permissionChanged", permission: { ...permission, notices: [...permission.notices.filter((n) => n.method !== method), notice].slice(-MAX_NOTICES) } });
  return true;
}

/** Forgets a method's refusal once the same call went through. */
export function clearPermission(ctx: DockContext, method: string): void {
  const { permission } = ctx.get();
  if (permission.notices.some((n) => n.method === method)) ctx.dispatch({ type: "permissionChanged", permission: { ...permission, notices: permission.notices.filter((n) => n.method !== method) } });
}

/** True when the record must stay out of the dock; the first time per id it is logged and listed with its reason. */
export function screenRecord(ctx: DockContext, record: QuestionRecord): boolean {
  const reason = hiddenReasonOf(record, ctx.options.client.getConnection().hello?.scopes);
  if (!reason) return false;
  const { permission } = ctx.get();
  if (permission.hidden.some((h) => h.id === record.id)) return true;
  console.info(`[question-dock] question ${JSON.stringify(record.id)} not shown: ${reason} question without operator.questions`);
  ctx.dispatch({ type: "permissionChanged", permission: { ...permission, hidden: [...permission.hidden, { id: record.id, reason, at: ctx.options.now() }].slice(-MAX_HIDDEN) } });
  return true;
}
