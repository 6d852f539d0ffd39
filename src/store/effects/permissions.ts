import { GatewayRequestError } from "../../gateway/connection";
import { isSecretQuestion, type QuestionRecord } from "../../protocol/question-record";
import type { DockContext } from "../context";
import type { HiddenReason, PermissionNotice } from "../dock/permission-state";

// The package entry and the views name these types here, beside the functions that make them.
export type { HiddenQuestion, HiddenReason, PermissionNotice, PermissionState } from "../dock/permission-state";

/** The scopes that give the full question access (every question, secrets included, subject to the gateway's own rules). */
const FULL_QUESTION_SCOPES = ["operator.questions", "operator.admin"];

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
  ctx.dispatch({ type: "permissionRefused", notice });
  return true;
}

/** Forgets a method's refusal once the same call went through. */
export function clearPermission(ctx: DockContext, method: string): void {
  ctx.dispatch({ type: "permissionRestored", method });
}

/** True when the record must stay out of the dock; the first time per id it is logged and listed with its reason. */
export function screenRecord(ctx: DockContext, record: QuestionRecord): boolean {
  const reason = hiddenReasonOf(record, ctx.options.client.getConnection().hello?.scopes);
  if (!reason) return false;
  if (ctx.get().permission.hidden.some((h) => h.id === record.id)) return true;
  console.info(`[question-dock] question ${JSON.stringify(record.id)} not shown: ${reason} question without operator.questions`);
  ctx.dispatch({ type: "recordHidden", id: record.id, reason, at: ctx.options.now() });
  return true;
}
