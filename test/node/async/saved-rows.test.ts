// Where a saved row from the live feed goes: only the very next position is taken on trust.
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../src/protocol";
import { placeSavedRow, type RowPlacement, type SavedRow } from "../../../src/store/conversation/history-read";

const saved = (seq: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({ role: "assistant", text: `row ${seq}`, id: `m${seq}`, seq, aborted: false, runTerminal: false, ...extra });
const row = (seq: number, extra: Partial<ChatMessage> = {}): SavedRow => saved(seq, extra) as SavedRow;
/** What a terminal `chat` event leaves until the saved form arrives: no id, no seq. */
const standIn = (extra: Partial<ChatMessage>): ChatMessage => ({ role: "assistant", text: "", aborted: false, runTerminal: false, ...extra });

const HISTORY = [saved(1, { role: "user", idempotencyKey: "k1:user" }), saved(2)];

describe("placeSavedRow", () => {
  it.each<[string, ChatMessage[], SavedRow, boolean, RowPlacement["kind"]]>([
    ["the next row", HISTORY, row(3), true, "append"],
    ["the first row of an empty conversation", [], row(1), true, "append"],
    ["a row already shown", HISTORY, row(2), true, "duplicate"],
    ["a row shown under the same id at another position", HISTORY, row(2, { seq: 3 } as Partial<ChatMessage>), true, "reload"],
    ["another row at a shown position", HISTORY, row(2, { id: "other" }), true, "reload"],
    ["a row older than the newest shown", HISTORY, { ...row(1), id: "old" }, true, "reload"],
    ["a skipped position", HISTORY, row(5), true, "reload"],
    ["a first row that is not the first", [], row(4), true, "reload"],
    ["a second row under a saved row's idempotency key", HISTORY, row(3, { role: "user", idempotencyKey: "k1:user" }), true, "reload"],
    ["the saved form of a failed run's stand-in", [...HISTORY, standIn({ runId: "r", idempotencyKey: "r:terminal-error" })], row(3, { runId: "r", idempotencyKey: "r:terminal-error", text: "⚠️ boom" }), true, "replace"],
    ["the saved form of a final's stand-in", [...HISTORY, standIn({ runId: "r", text: "Done." })], row(3, { runId: "r", text: "Done." }), true, "replace"],
    ["any new row before the first load", [], row(7), false, "append"],
    ["a shown row before the first load", [saved(7)], row(7), false, "duplicate"],
  ])("%s", (_name, messages, saved, loaded, kind) => {
    expect(placeSavedRow(messages, saved, loaded).kind).toBe(kind);
  });

  it("names the stand-in it replaces", () => {
    const messages = [...HISTORY, standIn({ runId: "r", text: "Done." })];
    expect(placeSavedRow(messages, row(3, { runId: "r", text: "Done." }), true)).toEqual({ kind: "replace", index: 2 });
  });

  it("says in words why it reads the history again", () => {
    expect(placeSavedRow(HISTORY, row(5), true)).toEqual({ kind: "reload", reason: "positions 3 to 4 were not seen" });
    expect(placeSavedRow(HISTORY, { ...row(1), id: "old" }, true)).toEqual({ kind: "reload", reason: "position 1 already holds another row" });
  });

  it("measures from the newest saved row, whatever the order of the stand-ins", () => {
    const messages = [saved(1), standIn({ runId: "r", text: "x" }), saved(2)];
    expect(placeSavedRow(messages, row(3), true).kind).toBe("append");
  });
});
