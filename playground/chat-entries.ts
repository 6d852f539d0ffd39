// The transcript's rows from the conversation's messages (the kit's reading of `chat.history` plus the rows the
// session's feed and `chat` events added since). Pure: the same messages give the same rows, live and after a reload,
// so a row keeps its id (and its place) when the saved form of a live message replaces it.
import { codexTurnOf, sentKeyOf, type ChatMessage } from "../src/protocol";

/** One transcript message. */
export interface ChatEntry {
  /**
   * `user:<idempotencyKey>`; `run:<runId>` for a run's reply (or its stopped partial), so live and saved forms
   * name it alike; `fail:<runId>` for a run that failed before its reply; `msg:<transcript id>` for anything else.
   */
  id: string;
  role: "user" | "assistant" | "error";
  /** Empty for an assistant message that only asked (ask_user or async): it is not shown, its summaries stand there. */
  text: string;
  /** Epoch ms, for ordering next to question summaries. */
  at: number;
  /** The agent run it belongs to; for a Codex async row, the run of its turn once a row of that turn names it. */
  runId?: string;
  /** The ask_user tool calls this message made: each one's summary is shown right after it. */
  askCalls?: string[];
  /** The async question this message carried (`openclawAsyncDelivery.itemId`): its summary is shown right after it. */
  asyncItemId?: string;
  /** `__openclaw.id`, the transcript id an outcome's `anchor` names. */
  messageId?: string;
  /** The Codex turn of a mirrored row (`mirrorIdentity` up to its first colon). */
  turn?: string;
  /** The run ended here without its reply: it failed, or it was stopped (the text is the partial). */
  ending?: "failed" | "stopped";
  streaming?: boolean;
}

/** What `savedEntries` needs besides the messages. */
export interface SavedEntriesOptions {
  /** Runs still going: their latest text is not yet their reply, and `run:<runId>` stays with the live stream. */
  activeRunIds?: ReadonlySet<string>;
  /** When a message without a timestamp was first seen, by entry id; otherwise `now`. */
  seenAt?: ReadonlyMap<string, number>;
  now?: number;
}

/** The `customType` of the record a run that failed before its reply leaves. */
export const RUN_FAILED = "run-failed-before-reply";

const isStopped = (m: ChatMessage) => m.role === "assistant" && (m.aborted || m.stopReason === "aborted");
const isFailure = (m: ChatMessage) => (m.role === "custom" && m.customType === RUN_FAILED) || (m.role === "assistant" && m.stopReason === "error");

// The rows as they read on their own, before a run's reply is picked and a Codex turn lends its run id.
function entryOf(m: ChatMessage, index: number): ChatEntry | undefined {
  const base = {
    ...(m.id ? { messageId: m.id } : {}),
    ...(codexTurnOf(m) ? { turn: codexTurnOf(m)! } : {}),
  };
  if (m.role === "user") {
    const key = sentKeyOf(m) ?? m.id;
    // A person's message belongs to the run its send started (the gateway names that run after the send key).
    const runId = m.runId ?? sentKeyOf(m);
    return key && m.text ? { id: `user:${key}`, role: "user", text: m.text, at: 0, ...(runId ? { runId } : {}), ...base } : undefined;
  }
  if (isFailure(m)) {
    // The gateway's record, or the error a live `chat` event left: one row per run, whichever the conversation has first.
    const id = m.runId ? `fail:${m.runId}` : `msg:${m.id ?? `#${index}`}`;
    return { id, role: "error", text: m.text || "The agent run failed.", at: 0, ending: "failed", ...(m.runId ? { runId: m.runId } : {}), ...base };
  }
  if (m.role !== "assistant") return undefined;
  const askCalls = (m.askUser ?? []).flatMap((b) => (b.kind === "call" && !b.nestedId ? [b.toolCallId] : []));
  const asyncItemId = m.asyncDelivery?.ok ? m.asyncDelivery.value.itemId : undefined;
  if (!m.text && !askCalls.length && !asyncItemId) return undefined;
  // An aborted run saves its partial twice (the gateway's and the Codex mirror's): both are the run's one stopped row.
  const stopped = isStopped(m) && m.runId !== undefined;
  return {
    id: stopped ? `run:${m.runId}` : `msg:${m.id ?? `${m.runId ?? ""}#${index}`}`,
    role: "assistant",
    text: m.text,
    at: 0,
    ...(m.runId ? { runId: m.runId } : {}),
    ...(askCalls.length ? { askCalls } : {}),
    ...(asyncItemId ? { asyncItemId } : {}),
    ...(stopped ? { ending: "stopped" as const } : {}),
    ...base,
  };
}

// The row that is a run's reply: the one the gateway marked terminal, else its latest plain text.
function replies(entries: readonly ChatEntry[], messages: readonly (ChatMessage | undefined)[], active: ReadonlySet<string>): Map<string, number> {
  const stopped = new Set(entries.flatMap((e) => (e.ending === "stopped" && e.runId ? [e.runId] : [])));
  const latest = new Map<string, number>();
  const terminal = new Map<string, number>();
  entries.forEach((e, i) => {
    const runId = e.runId;
    if (e.role !== "assistant" || !runId || !e.text || e.asyncItemId || active.has(runId) || stopped.has(runId)) return;
    latest.set(runId, i);
    if (messages[i]?.runTerminal) terminal.set(runId, i);
  });
  for (const [runId, i] of terminal) latest.set(runId, i);
  return latest;
}

/** The transcript's entries from the conversation's messages (see `ChatEntry.id`); a repeated id keeps its first row. */
export function savedEntries(messages: readonly ChatMessage[], options: SavedEntriesOptions = {}): ChatEntry[] {
  const { activeRunIds = new Set<string>(), seenAt = new Map<string, number>(), now = Date.now() } = options;
  const read = messages.map((m, i) => ({ m, e: entryOf(m, i) })).filter((r): r is { m: ChatMessage; e: ChatEntry } => r.e !== undefined);
  // A Codex async row names no run, only its turn; the turn's prompt or final names the run.
  const runOfTurn = new Map<string, string>();
  for (const { e } of read) if (e.turn && e.runId && !runOfTurn.has(e.turn)) runOfTurn.set(e.turn, e.runId);
  const entries = read.map(({ e }) => (e.runId === undefined && e.turn && runOfTurn.has(e.turn) ? { ...e, runId: runOfTurn.get(e.turn)! } : e));
  const reply = replies(
    entries,
    read.map((r) => r.m),
    activeRunIds,
  );
  const seen = new Set<string>();
  return entries.flatMap((e, i) => {
    const id = e.runId !== undefined && reply.get(e.runId) === i ? `run:${e.runId}` : e.id;
    if (seen.has(id)) return [];
    seen.add(id);
    const stamp = read[i]!.m.timestamp;
    return [{ ...e, id, at: stamp ?? seenAt.get(id) ?? now }];
  });
}
