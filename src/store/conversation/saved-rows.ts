import type { ChatMessage } from "../../protocol/chat-message";
import { savedInHistory } from "./history-read";

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

function lastSeq(messages: readonly ChatMessage[]): number | undefined {
  let last: number | undefined;
  for (const m of messages) if (m.id !== undefined && m.seq !== undefined && (last === undefined || m.seq > last)) last = m.seq;
  return last;
}

/**
 * Decides where a saved row goes; pure. Before the first history load there is nothing to measure against, so a
 * new row is shown at once and the load that is on its way settles it; after it, only the very next position is
 * taken on trust: a skipped position (a lost event, or a row the feed does not carry) or a row older than what is
 * shown asks for the history, which is the gateway's own word.
 */
export function placeSavedRow(messages: readonly ChatMessage[], row: SavedRow, loaded: boolean): RowPlacement {
  const same = messages.find((m) => m.id === row.id);
  if (same) return same.seq === undefined || same.seq === row.seq ? { kind: "duplicate" } : { kind: "reload", reason: `row ${row.id} moved from ${same.seq} to ${row.seq}` };
  if (messages.some((m) => m.id !== undefined && m.seq === row.seq)) return { kind: "reload", reason: `position ${row.seq} already holds another row` };
  if (row.idempotencyKey !== undefined && messages.some((m) => m.id !== undefined && m.role === row.role && m.idempotencyKey === row.idempotencyKey)) {
    return { kind: "reload", reason: `another row was saved under ${row.idempotencyKey}` };
  }
  const standIn = messages.findIndex((m) => m.id === undefined && savedInHistory([row], m));
  const placed: RowPlacement = standIn >= 0 ? { kind: "replace", index: standIn } : { kind: "append" };
  if (!loaded) return placed;
  const last = lastSeq(messages);
  const expected = (last ?? 0) + 1;
  if (row.seq === expected) return placed;
  return { kind: "reload", reason: row.seq < expected ? `row ${row.seq} is older than the newest shown (${last})` : `positions ${expected} to ${row.seq - 1} were not seen` };
}
