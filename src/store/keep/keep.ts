// What a page keeps for the next one, restored in one go: nothing is read before the store knows whose conversation
// it is (its scope); then this tab's kept outcomes, and the drafts and outbox entries a feature keeps, come back as
// one `restored` event. This tab's outcomes are kept from then on, under that scope only.
import type { DockContext } from "../context";
import type { OutboxEntry } from "../outbox/entry";
import type { DockStore, SavedDraft } from "../dock/state";
import { idTable } from "../../protocol/id-table";
import { isSecretQuestion, parseQuestionRecord, type QuestionRecord } from "../../protocol/question-record";
import { looksLikeCredential } from "../../protocol/credential-shape";
import type { KeptOutcome } from "../dock/outcomes";
import { tabStorage } from "./sent-requests";
import { isQuestionDraft } from "./saved-draft";
import type { Outcome, OutcomeKind } from "../dock/state";

/** What a feature kept under a scope, read back: drafts, and with async questions the outbox entries. */
export interface StoredRecords {
  drafts: SavedDraft[];
  entries: OutboxEntry[];
}

/** Runs `fn` once the store knows whose conversation it is: at once when it already does. */
export function whenScoped(ctx: DockContext, fn: (scope: string) => void): () => void {
  const now = ctx.get().scope;
  if (now !== undefined) {
    fn(now);
    return () => undefined;
  }
  const off = ctx.on(["connectionChanged"], (_e, next) => {
    if (next.scope === undefined) return;
    off();
    fn(next.scope);
  });
  return off;
}

/** Starts keeping this tab's outcomes, and restores what was kept; `read` reads what a feature keeps. Returns the stop. */
export function startKeeping(ctx: DockContext, read?: (scope: string) => Promise<StoredRecords>): () => void {
  const kept = createKeptOutcomes();
  let stopped = false;

  const restore = async (scope: string) => {
    const outcomes = kept.restore(scope);
    const stored = read ? await read(scope) : { drafts: [], entries: [] };
    if (stopped) return;
    const isPaused = ctx.options.client.getConnection().state !== "connected";
    ctx.dispatch({ type: "restored", outcomes, ...stored, isPaused, at: ctx.options.now() });
  };
  const keep = (id: string, s: DockStore) => {
    const outcome = s.outcomes.get(id);
    if (outcome && s.scope !== undefined) kept.keep(s.scope, id, outcome);
  };

  const offs = [
    whenScoped(ctx, (scope) => void restore(scope)),
    ctx.on(["recordSettled"], (e, next) => keep(e.id, next)),
    ctx.on(["sentRequestEnded"], (e, next) => keep(e.record.id, next)),
    ctx.on(["outcomeDropped"], (e, next) => {
      if (next.scope !== undefined) kept.forget(next.scope, e.id);
    }),
  ];
  return () => {
    stopped = true;
    offs.forEach((off) => off());
  };
}

// This tab's own ends of requests, kept in sessionStorage so a reload still shows how they ended. The gateway
// forgets a resolved question after a few seconds, and a question asked outside an agent run leaves nothing in
// the chat history, so without this a reload right after an answer would show nothing at all.

const PREFIX = "openclaw-question-dock:outcomes:";
/** How many outcomes a conversation keeps at most; the oldest go first. */
const MAX_OUTCOMES = 100;
/** A bound on the stored text, well inside the few megabytes a browser gives sessionStorage. */
const MAX_CHARS = 1_000_000;

const KINDS: ReadonlySet<OutcomeKind> = new Set(["answered", "answered-elsewhere", "answered-in-chat", "skipped", "skipped-elsewhere", "cancelled", "ended", "expired", "unavailable"]);

// A kept outcome as written; read back, its record is checked again.
type Stored = Omit<KeptOutcome, "record"> & { id: string; record: unknown };

// Secret answers and credential-shaped text never reach storage: the same rule as drafts.
function storable(id: string, o: Outcome): Stored | undefined {
  if (o.async || o.fromHistory || !KINDS.has(o.kind)) return undefined;
  const secret = new Set(o.record.questions.filter(isSecretQuestion).map((q) => q.questionId));
  const record: QuestionRecord = { ...o.record };
  if (record.answers) {
    const answers = idTable<string[]>(Object.entries(record.answers.answers).filter(([q]) => !secret.has(q)));
    record.answers = { answers };
  }
  const unsent = o.unsent ? idTable(Object.entries(o.unsent).filter(([, d]) => !looksLikeCredential(d.other))) : undefined;
  return {
    id,
    kind: o.kind,
    record,
    at: o.at,
    ...(o.runId ? { runId: o.runId } : {}),
    ...(unsent && Object.keys(unsent).length ? { unsent } : {}),
    ...(o.unsentMayHaveArrived ? { unsentMayHaveArrived: true as const } : {}),
  };
}

// Storage is the tab's own, but it is read back as untrusted all the same: a bad entry is skipped, never shown half.
function revive(raw: unknown): [string, KeptOutcome] | undefined {
  const s = raw as Partial<Stored> | null;
  if (typeof s !== "object" || s === null || typeof s.id !== "string" || !KINDS.has(s.kind as OutcomeKind) || typeof s.at !== "number") return undefined;
  const parsed = parseQuestionRecord(s.record);
  if (!parsed.ok || parsed.value.id !== s.id) return undefined;
  const record = parsed.value;
  const unsentEntries = typeof s.unsent === "object" && s.unsent !== null ? Object.entries(s.unsent).filter(([, d]) => isQuestionDraft(d)) : [];
  return [
    s.id,
    {
      kind: s.kind as OutcomeKind,
      record,
      at: s.at,
      ...(typeof s.runId === "string" ? { runId: s.runId } : {}),
      ...(unsentEntries.length ? { unsent: idTable(unsentEntries) } : {}),
      ...(s.unsentMayHaveArrived === true ? { unsentMayHaveArrived: true as const } : {}),
    },
  ];
}

// The outcomes this tab saw live for one conversation, kept across reloads under its scope (nothing is kept where
// there is no sessionStorage); `restore` gives them back oldest first, anything unreadable left out.
function createKeptOutcomes() {
  const storage = tabStorage();
  const keyOf = (scope: string) => `${PREFIX}${encodeURIComponent(scope)}`;
  const read = (key: string): Stored[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(key) ?? "[]");
      return Array.isArray(parsed) ? (parsed as Stored[]) : [];
    } catch {
      return [];
    }
  };
  const write = (key: string, list: Stored[]) => {
    let kept = list.slice(-MAX_OUTCOMES);
    let text = JSON.stringify(kept);
    while (text.length > MAX_CHARS && kept.length > 0) text = JSON.stringify((kept = kept.slice(1)));
    try {
      storage?.setItem(key, text);
    } catch {
      // A full or refused storage only costs the reload case.
    }
  };
  return {
    restore: (scope: string) => read(keyOf(scope)).map(revive).filter((x): x is [string, KeptOutcome] => x !== undefined),
    keep(scope: string, id: string, outcome: Outcome) {
      const stored = storage && storable(id, outcome);
      if (stored) write(keyOf(scope), [...read(keyOf(scope)).filter((s) => s.id !== id), stored]);
    },
    forget(scope: string, id: string) {
      if (!storage) return;
      const list = read(keyOf(scope));
      if (list.some((s) => s.id === id)) write(keyOf(scope), list.filter((s) => s.id !== id));
    },
  };
}
