// What a page keeps for the next one, restored in one go: nothing is read before the store knows whose conversation
// it is (its scope); then this tab's kept outcomes, and the drafts and outbox entries a feature keeps, come back as
// one `restored` event. This tab's outcomes are kept from then on, under that scope only.
import type { DockContext } from "../context";
import type { OutboxEntry } from "../outbox/entry";
import type { Outcome, OutcomeKind, QuestionDraft, SavedAnswer, SavedDraft } from "../dock/state";
import { idTable } from "../../protocol/id-table";
import { isSecretQuestion, parseQuestionRecord } from "../../protocol/question-record";
import { looksLikeCredential } from "../../protocol/credential-shape";
import type { KeptOutcome } from "../dock/outcomes";
import { tabList } from "./sent-requests";

/** What a feature kept under a scope, read back: drafts, and with async questions the outbox entries. */
export interface StoredRecords {
  drafts: SavedDraft[];
  entries: OutboxEntry[];
}

const isStr = (v: unknown): v is string => typeof v === "string";

/** True for something shaped like a question's draft: typed text and chosen labels. */
function isQuestionDraft(value: unknown): value is QuestionDraft {
  const d = value as Partial<QuestionDraft> | null;
  return typeof d === "object" && d !== null && isStr(d.other) && Array.isArray(d.selected) && d.selected.every(isStr);
}

const isAnswer = (value: unknown): value is SavedAnswer => isQuestionDraft(value) && isStr((value as Partial<SavedAnswer>).questionId);

/** True for a well-formed saved draft; storage and other tabs may hold anything. */
export function isSavedDraft(value: unknown): value is SavedDraft {
  const d = value as Partial<SavedDraft> | null;
  return (
    typeof d === "object" && d !== null && isStr(d.requestId) && typeof d.step === "number" && Number.isFinite(d.step) && typeof d.updatedAt === "number" &&
    (d.expiresAtMs === undefined || typeof d.expiresAtMs === "number") && Array.isArray(d.answers) && d.answers.every(isAnswer)
  );
}

// This tab's own ends of requests, kept in sessionStorage so a reload still shows how they ended. The gateway
// forgets a resolved question after a few seconds, and a question asked outside an agent run leaves nothing in
// the chat history, so without this a reload right after an answer would show nothing at all.

/** How many outcomes a conversation keeps at most; the oldest go first. */
const MAX_OUTCOMES = 100;

const KINDS: ReadonlySet<OutcomeKind> = new Set(["answered", "answered-elsewhere", "answered-in-chat", "skipped", "skipped-elsewhere", "cancelled", "ended", "expired", "unavailable"]);

// A kept outcome as written; read back, its record is checked again.
type Stored = KeptOutcome & { id: string };

// Secret answers and credential-shaped text never reach storage: the same rule as drafts.
function storable(id: string, o: Outcome): Stored | undefined {
  if (o.async || o.fromHistory || !KINDS.has(o.kind)) return undefined;
  const secret = new Set(o.record.questions.filter(isSecretQuestion).map((q) => q.questionId));
  const answers = o.record.answers && { answers: idTable<string[]>(Object.entries(o.record.answers.answers).filter(([q]) => !secret.has(q))) };
  const unsent = o.unsent && idTable(Object.entries(o.unsent).filter(([, d]) => !looksLikeCredential(d.other)));
  // Fields left undefined are not written.
  return { id, kind: o.kind, record: { ...o.record, answers }, at: o.at, runId: o.runId, unsent, unsentMayHaveArrived: o.unsentMayHaveArrived };
}

// Storage is the tab's own, but it is read back as untrusted all the same: a bad entry is skipped, never shown half.
function revive(raw: unknown): [string, KeptOutcome] | undefined {
  const s = raw as Partial<Record<keyof Stored, unknown>> | null;
  if (typeof s?.id !== "string" || !KINDS.has(s.kind as OutcomeKind) || typeof s.at !== "number") return undefined;
  const parsed = parseQuestionRecord(s.record);
  if (!parsed.ok || parsed.value.id !== s.id) return undefined;
  const unsent = typeof s.unsent === "object" && s.unsent !== null ? Object.entries(s.unsent).filter(([, d]) => isQuestionDraft(d)) : [];
  const runId = typeof s.runId === "string" ? s.runId : undefined;
  const kept = { kind: s.kind as OutcomeKind, record: parsed.value, at: s.at, runId, unsentMayHaveArrived: s.unsentMayHaveArrived === true || undefined };
  return [s.id, { ...kept, unsent: unsent.length ? idTable(unsent) : undefined }];
}

/** Starts keeping this tab's outcomes, and restores what was kept; `read` reads what a feature keeps. Returns the stop. */
export function startKeeping(ctx: DockContext, read?: (scope: string) => Promise<StoredRecords>): () => void {
  const kept = tabList("outcomes:", () => ctx.get().scope, MAX_OUTCOMES);
  let restoring = false;
  let stopped = false;

  const restore = async (scope: string | undefined) => {
    if (scope === undefined || restoring) return;
    restoring = true;
    const outcomes = kept.read().map(revive).filter((x) => x !== undefined);
    const stored = read ? await read(scope) : { drafts: [], entries: [] };
    if (stopped) return;
    const isPaused = ctx.options.client.getConnection().state !== "connected";
    ctx.dispatch({ type: "restored", outcomes, ...stored, isPaused, at: ctx.options.now() });
  };

  void restore(ctx.get().scope);
  const offs = [
    ctx.on(["connectionChanged"], (_e, next) => void restore(next.scope)),
    ctx.on(["recordSettled", "sentRequestEnded"], (e, s) => {
      const id = e.type === "recordSettled" ? e.id : e.record.id;
      const outcome = s.outcomes.get(id);
      const stored = outcome && s.scope !== undefined && storable(id, outcome);
      if (stored) kept.put(id, stored);
    }),
    ctx.on(["outcomeDropped"], (e) => kept.remove(e.id)),
  ];
  return () => {
    stopped = true;
    offs.forEach((off) => off());
  };
}
