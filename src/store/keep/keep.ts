// What a page keeps for the next one, restored in one go: nothing is read before the store knows whose conversation
// it is (its scope); then this tab's kept outcomes, and the drafts and outbox entries a feature keeps, come back as
// one `restored` event. From then on, under that scope only, this tab's sessionStorage keeps its outcomes and the ids
// of the requests it sent and has not seen end, which a reload asks after (the gateway no longer lists them as
// pending). Answers and awaited replies stay in memory: an answer may be credential-shaped, a promise dies with the page.
import type { GatewayConnection } from "../../gateway/connection";
import type { Timers } from "../../gateway/clock";
import type { Machine } from "../machine";
import type { DockEvent } from "../dock/dock-reducer";
import type { AsyncEvent } from "../async/reducer";
import type { QuestionAnswers } from "../../protocol/answers";
import type { OutboxEntry } from "../outbox/entry";
import type { DockStore, Outcome, OutcomeKind, QuestionDraft, SavedAnswer, SavedDraft } from "../dock/state";
import { idTable } from "../../protocol/id-table";
import { isSecretQuestion, parseQuestionRecord } from "../../protocol/question-record";
import { looksLikeCredential } from "../../protocol/credential-shape";
import { newResolverId, type KeptOutcome } from "../dock/outcomes";

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

const PREFIX = "openclaw-question-dock:";

/** A bound on a list's stored text, well inside the few megabytes a browser gives sessionStorage. */
const MAX_CHARS = 1_000_000;

/** What one conversation of this tab sent: requests with a submit or skip not yet seen to end, their answers and replies. */
export type SentLedger = ReturnType<typeof createSentLedger>;

function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    // Storage can be switched off (a sandboxed frame); the list then lives for the page only.
    return undefined;
  }
}

/** A list of ids or records with an `id`, oldest first, at most `max` long, in sessionStorage under `name` and the scope. */
function tabList(name: string, scopeOf: () => string | undefined, max: number) {
  const tab = tabStorage();
  const keyOf = () => {
    const scope = scopeOf();
    return scope === undefined ? undefined : `${PREFIX}${name}${encodeURIComponent(scope)}`;
  };
  let memory: unknown[] = [];
  const read = (): unknown[] => {
    const key = keyOf();
    if (!tab || key === undefined) return memory;
    try {
      const parsed: unknown = JSON.parse(tab.getItem(key) ?? "[]");
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  };
  const write = (list: unknown[]) => {
    memory = list.slice(-max);
    let text = JSON.stringify(memory);
    while (text.length > MAX_CHARS && memory.length > 0) text = JSON.stringify((memory = memory.slice(1)));
    const key = keyOf();
    try {
      if (key !== undefined) tab?.setItem(key, text);
    } catch {
      // A full or refused storage only costs the reload case.
    }
  };
  const others = (list: unknown[], id: string) => list.filter((item) => item !== id && (item as { id?: unknown } | null)?.id !== id);
  return {
    read,
    /** Puts `item` last, in place of any earlier one of `id`. */
    put: (id: string, item: unknown = id) => write([...others(read(), id), item]),
    remove: (id: string) => {
      const list = read();
      const rest = others(list, id);
      if (rest.length < list.length) write(rest);
    },
  };
}

/** The ledger of one conversation in this tab, kept under its scope (in memory where there is no sessionStorage). */
export function createSentLedger(scopeOf: () => string | undefined) {
  const sent = tabList("sent:", scopeOf, 50);
  // Kept past `forget`: after a reload the request's end is judged by whether this tab's chat reply answered it.
  const chatReplies = tabList("sent:chat:", scopeOf, 50);
  const answers = new Map<string, QuestionAnswers[]>();
  const replies = new Map<string, Promise<void>>();
  return {
    ids: () => sent.read().filter((id) => typeof id === "string"),
    /** Notes a submit or skip going out; every answer sent is kept, so a lost reply to any of them still reads as ours. */
    remember: (id: string, given?: QuestionAnswers) => {
      if (given) answers.set(id, [...(answers.get(id) ?? []), given]);
      sent.put(id);
    },
    attempted: (id: string): readonly QuestionAnswers[] | undefined => answers.get(id),
    /** Holds the gateway's reply to a submit while it is awaited, so a settle or an expiry can wait for it. */
    awaitReply: (id: string, reply: Promise<void>) => {
      replies.set(id, reply);
      return reply.finally(() => replies.get(id) === reply && replies.delete(id));
    },
    replyOf: (id: string) => replies.get(id),
    /** The request ended: its id and answers go (a reply still awaited finishes on its own). */
    forget: (id: string) => {
      answers.delete(id);
      sent.remove(id);
    },
    /** Notes that this tab sent a chat reply to answer the request; `taken: false` takes that back (the gateway refused it). */
    noteChatReply: (id: string, taken: boolean) => (taken ? chatReplies.put(id) : chatReplies.remove(id)),
    sentChatReply: (id: string) => chatReplies.read().includes(id),
  };
}

// Every store and question page of a tab answers as one resolver, so a remounted dock, a session switch or a reload
// still knows its own answers. Read on first use, not on import.
let tabResolver: string | undefined;

/** This tab's resolver id, kept across reloads so an answer sent before one still reads as the person's own. */
export function tabResolverId(): string {
  const storage = tabStorage();
  const key = `${PREFIX}sent:resolver`;
  try {
    tabResolver ??= storage?.getItem(key) || newResolverId();
    storage?.setItem(key, tabResolver);
  } catch {
    tabResolver ??= newResolverId();
  }
  return tabResolver;
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

/** What keeping needs of a store: a part of its context (`DockContext`, which names the ledger made here). */
export type Keeper = Machine<DockStore, DockEvent | AsyncEvent> & { options: { client: GatewayConnection; sessionKey: string; now: () => number; timers: Timers } };

/** Starts keeping this tab's outcomes, and restores what was kept; `read` reads what a feature keeps. Returns the stop. */
export function startKeeping(ctx: Keeper, read?: (scope: string) => Promise<StoredRecords>): () => void {
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
      const outcome = s.scope === undefined ? undefined : s.outcomes.get(id);
      const stored = outcome && storable(id, outcome);
      if (stored) kept.put(id, stored);
    }),
    ctx.on(["outcomeDropped"], (e) => kept.remove(e.id)),
  ];
  return () => {
    stopped = true;
    offs.forEach((off) => off());
  };
}
