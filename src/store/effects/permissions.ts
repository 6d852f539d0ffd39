import { GatewayRequestError } from "../../gateway/connection";
import { isSecretQuestion, type QuestionRecord } from "../../protocol/question-record";
import type { DockContext } from "../context";
import type { HiddenReason } from "../dock/state";

// The package entry and the views name these types here, beside the functions that make them.
export type { HiddenQuestion, HiddenReason, PermissionNotice, PermissionState } from "../dock/state";

/** The scopes that give the full question access (every question, secrets included, subject to the gateway's own rules). */
const FULL_QUESTION_SCOPES = ["operator.questions", "operator.admin"];

// Unknown grants (no `auth.scopes`) count as full access, to hide nothing by guess.
function hiddenReasonOf(record: QuestionRecord, granted: readonly string[] | undefined): HiddenReason | undefined {
  if (!granted || granted.length === 0 || granted.some((s) => FULL_QUESTION_SCOPES.includes(s))) return undefined;
  if (record.questions.some(isSecretQuestion)) return "secret";
  if (!record.sessionKey) return "sessionless";
  if (!record.runId) return "admin";
  return undefined;
}

/** Records a refusal in the dock's state (one per method, newest kept); only `FORBIDDEN` replies are permission matters. */
export function notePermission(ctx: DockContext, method: string, error: unknown): void {
  if (!(error instanceof GatewayRequestError) || error.code !== "FORBIDDEN") return;
  const scope = error.details?.["missingScope"];
  // GatewayRequestError prefixes the method and code; the person needs only the gateway's own sentence.
  const message = error.message.replace(/^\S+ failed: FORBIDDEN(?: \([^)]*\))?: /, "");
  ctx.dispatch({ type: "permissionRefused", notice: { method, message, at: ctx.options.now(), ...(typeof scope === "string" && scope ? { missingScope: scope } : {}) } });
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
