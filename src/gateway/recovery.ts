import { QuestionErrorReason, GatewayErrorCode } from "../protocol/errors";
import type { QuestionRecord } from "../protocol/question-record";
import type { ValidationIssue } from "../protocol/result";
import { getQuestion, GatewayResultError, listQuestions } from "./questions-api";
import { GatewayRequestError } from "./connection";
import type { GatewayConnection } from "./connection";

/** What became of a question this client held as pending but the gateway no longer lists. */
export interface SettledQuestion {
  id: string;
  /** "unavailable": the gateway does not know it (any more), or will not show it to this client. */
  outcome: "answered" | "cancelled" | "expired" | "unavailable";
  record?: QuestionRecord;
}

/** A record the gateway sent that failed validation: by list position, or by id for a `question.get`. */
export interface RecoveryRejection {
  index?: number;
  id?: string;
  errors: ValidationIssue[];
}

/** The gateway's view of the questions after a (re)connect. */
export interface RecoveryResult {
  pending: QuestionRecord[];
  rejected: RecoveryRejection[];
  settled: SettledQuestion[];
}

async function lookUp(c: GatewayConnection, id: string): Promise<{ record?: QuestionRecord; rejected?: RecoveryRejection }> {
  try {
    return { record: await getQuestion(c, id) };
  } catch (error) {
    if (error instanceof GatewayResultError) return { rejected: { id, errors: error.issues } };
    const gone =
      error instanceof GatewayRequestError &&
      (error.reason === QuestionErrorReason.NotFound || error.code === GatewayErrorCode.Forbidden);
    if (gone) return {};
    throw error;
  }
}

/**
 * Re-reads the questions after a (re)connect: `question.list` for what is pending, then `question.get`
 * for each locally pending id the list no longer holds, to learn how it ended. Transport errors reject.
 */
export async function recoverQuestions(c: GatewayConnection, localPendingIds: readonly string[]): Promise<RecoveryResult> {
  const list = await listQuestions(c);
  const result: RecoveryResult = { pending: [...list.records], rejected: [...list.rejected], settled: [] };
  const listed = new Set(list.records.map((r) => r.id));
  const missing = [...new Set(localPendingIds)].filter((id) => !listed.has(id));
  const found = await Promise.all(missing.map((id) => lookUp(c, id)));
  missing.forEach((id, i) => {
    const { record, rejected } = found[i] ?? {};
    if (rejected) result.rejected.push(rejected);
    // Still pending but not listed (a race with its creation, or list filtering): keep it pending.
    if (record?.status === "pending") result.pending.push(record);
    else if (record) result.settled.push({ id, outcome: record.status, record });
    else result.settled.push({ id, outcome: "unavailable" });
  });
  return result;
}
