// Reading what the gateway sends about the conversation; pure.
import { parseChatMessage, type ChatEvent, type ChatMessage } from "../../protocol/chat-message";
import type { ValidationIssue } from "../../protocol/result";
import { asObject } from "../../protocol/reader";
import type { RunSnapshot } from "./run-activity";

/** Something the gateway sent that could not be read; the rest was used. */
export interface RejectedItem {
  /** "chat.history", "chat" or "session.message" (live events). */
  source: string;
  /** Index in the history page, for history items. */
  index?: number;
  /** The async question's itemId, when the problem is its delivery block and the id was readable. */
  itemId?: string;
  errors: ValidationIssue[];
}

/** The problems of a message's async delivery block, as a rejected item; undefined when it has none or it is valid. */
export function deliveryProblem(message: ChatMessage, source: string, raw: unknown, index?: number): RejectedItem | undefined {
  const read = message.asyncDelivery;
  if (!read || read.ok) return undefined;
  const itemId = asObject(asObject(raw)?.openclawAsyncDelivery)?.itemId;
  return {
    source,
    ...(index !== undefined ? { index } : {}),
    ...(typeof itemId === "string" ? { itemId: itemId.slice(0, 256) } : {}),
    errors: read.errors.map((e) => ({ ...e, path: e.path ? `openclawAsyncDelivery.${e.path}` : "openclawAsyncDelivery" })),
  };
}

/** Reads a `chat.history` result: unreadable items are listed, never fatal; throws only without a message list. */
export function readHistoryPage(result: unknown): { messages: ChatMessage[]; rejected: RejectedItem[]; snapshot: RunSnapshot } {
  const list = asObject(result)?.messages;
  if (!Array.isArray(list)) throw new Error(`chat.history answered without a message list (messages: ${list === null ? "null" : typeof list})`);
  const messages: ChatMessage[] = [];
  const rejected: RejectedItem[] = [];
  list.forEach((raw, index) => {
    const read = parseChatMessage(raw);
    const problem = read.ok ? deliveryProblem(read.value, "chat.history", raw, index) : { source: "chat.history", index, errors: read.errors };
    if (read.ok) messages.push(read.value);
    if (problem) rejected.push(problem);
  });
  const info = asObject(asObject(result)?.sessionInfo);
  const ids = Array.isArray(info?.activeRunIds) ? info.activeRunIds.filter((id): id is string => typeof id === "string") : undefined;
  return { messages, rejected, snapshot: { hasActiveRun: typeof info?.hasActiveRun === "boolean" ? info.hasActiveRun : undefined, activeRunIds: ids } };
}

/** The message a terminal `chat` event stands for, shaped as the history will save it; none for a bare final. */
// A final or aborted event's display message lacks runId, stop reason and abort marker; a failed run saves its error.
export function liveMessageOf(event: ChatEvent): ChatMessage | undefined {
  const { runId } = event;
  if (event.state === "error") {
    return { role: "assistant", text: event.errorMessage ?? "", runId, stopReason: "error", aborted: false, runTerminal: false, idempotencyKey: `${runId}:terminal-error` };
  }
  if (!event.message || (event.state !== "final" && event.state !== "aborted")) return undefined;
  const stopReason = event.message.stopReason ?? event.stopReason;
  return { ...event.message, runId: event.message.runId ?? runId, ...(stopReason ? { stopReason } : {}), aborted: event.message.aborted || event.state === "aborted" };
}

/** True when the history already holds the saved form of a live message (or the live message itself). */
export function savedInHistory(history: readonly ChatMessage[], live: ChatMessage): boolean {
  const itemId = live.asyncDelivery?.ok ? live.asyncDelivery.value.itemId : undefined;
  return history.some((m) => {
    if (live.id !== undefined && m.id !== undefined) return m.id === live.id;
    if (itemId !== undefined) return m.asyncDelivery?.ok === true && m.asyncDelivery.value.itemId === itemId;
    if (live.idempotencyKey !== undefined && m.idempotencyKey === live.idempotencyKey) return true;
    return m.role === live.role && m.runId === live.runId && m.text === live.text;
  });
}

/** A saved transcript row from the live feed: its transcript id and position are known. */
export type SavedRow = ChatMessage & { id: string; seq: number };

/** Where a saved row from the live feed goes among the conversation's messages. */
export type RowPlacement =
  /** Already shown: nothing to do. */
  | { kind: "duplicate" }
  /** The next row: appended after everything shown. */
  | { kind: "append" }
  /** The saved form of the stand-in a `chat` event left at `index`: it takes that place. */
  | { kind: "replace"; index: number }
  /** A gap or anything doubtful: the history is read again instead. */
  | { kind: "reload"; reason: string };

/** Where a saved row goes; pure. Before the first load a new row shows at once and the load settles it. */
export function placeSavedRow(messages: readonly ChatMessage[], row: SavedRow, loaded: boolean): RowPlacement {
  const same = messages.find((m) => m.id === row.id);
  if (same) return same.seq === undefined || same.seq === row.seq ? { kind: "duplicate" } : { kind: "reload", reason: `row ${row.id} moved from ${same.seq} to ${row.seq}` };
  if (messages.some((m) => m.id !== undefined && m.seq === row.seq)) return { kind: "reload", reason: `position ${row.seq} already holds another row` };
  if (row.idempotencyKey !== undefined && messages.some((m) => m.id !== undefined && m.role === row.role && m.idempotencyKey === row.idempotencyKey)) {
    return { kind: "reload", reason: `another row was saved under ${row.idempotencyKey}` };
  }
  const standIn = messages.findIndex((m) => m.id === undefined && savedInHistory([row], m));
  const placed: RowPlacement = standIn >= 0 ? { kind: "replace", index: standIn } : { kind: "append" };
  // After the first load only the very next position is trusted: a gap or an older row asks the history.
  if (!loaded) return placed;
  const last = Math.max(0, ...messages.flatMap((m) => (m.id !== undefined && m.seq !== undefined ? [m.seq] : [])));
  if (row.seq === last + 1) return placed;
  return { kind: "reload", reason: row.seq <= last ? `row ${row.seq} is older than the newest shown (${last})` : `positions ${last + 1} to ${row.seq - 1} were not seen` };
}
