import { describe, expect, it } from "vitest";
import type { ChatEntry } from "../../playground/chat-feed";
import { transcriptItems } from "../../playground/transcript-items";
import type { Outcome } from "../../src/store";

const msg = (id: string, at: number, runId?: string): ChatEntry => ({ id, role: runId ? "assistant" : "user", text: id, at, ...(runId ? { runId } : {}) });
const outcome = (id: string, at: number, runId?: string): Outcome => ({
  kind: "answered",
  at,
  ...(runId ? { runId } : {}),
  record: { id, questions: [], createdAtMs: at, expiresAtMs: at, status: "answered" },
});
const order = (items: ReturnType<typeof transcriptItems>) => items.map((i) => (i.kind === "message" ? i.entry.id : `q:${i.outcome.record.id}`));

describe("transcriptItems", () => {
  it("puts a summary at the turn of the run that asked, not where it settled", () => {
    const entries = [msg("u1", 1), msg("a1", 2, "r1"), msg("u2", 10), msg("a2", 11, "r2")];
    // Settled late (at 50), asked in run r1.
    expect(order(transcriptItems(entries, [outcome("q1", 50, "r1")]))).toEqual(["u1", "q:q1", "a1", "u2", "a2"]);
  });

  it("keeps a run's summaries in the order asked, and places one without a shown run by time", () => {
    const entries = [msg("u1", 1), msg("a1", 20, "r1"), msg("u2", 30)];
    const items = transcriptItems(entries, [outcome("q2", 8, "r1"), outcome("q1", 5, "r1"), outcome("q3", 25, "gone"), outcome("q4", 99)]);
    expect(order(items)).toEqual(["u1", "q:q1", "q:q2", "a1", "q:q3", "u2", "q:q4"]);
  });

  it("treats hostile run ids as plain ids", () => {
    const entries = [msg("u1", 1), msg("a1", 2, "__proto__"), msg("a2", 3, "constructor")];
    expect(order(transcriptItems(entries, [outcome("q", 9, "constructor")]))).toEqual(["u1", "a1", "q:q", "a2"]);
  });
});
