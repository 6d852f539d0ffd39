// The sent ledger is the one memory of what this tab sent: ids across a reload (sessionStorage, hence jsdom), answers and
// awaited replies for the page only.
import { describe, expect, it } from "vitest";
import { createSentLedger } from "../../src/store/keep/keep";

const answers = (label: string) => ({ q1: { selected: [label] } }) as never;

describe("sent ledger", () => {
  it("keeps every answer sent for a request, oldest first, and drops them with the id when it ends", () => {
    const ledger = createSentLedger(() => "ledger-answers");
    ledger.remember("r1", answers("A"));
    ledger.remember("r1", answers("B"));
    ledger.remember("r2");
    expect(ledger.attempted("r1")).toEqual([answers("A"), answers("B")]);
    expect(ledger.attempted("r2")).toBeUndefined();
    expect(ledger.ids()).toEqual(["r1", "r2"]);
    ledger.forget("r1");
    expect(ledger.attempted("r1")).toBeUndefined();
    expect(ledger.ids()).toEqual(["r2"]);
  });

  it("keeps ids for the next page of the same tab under the same scope, but never the answers", () => {
    createSentLedger(() => "ledger-reload").remember("r1", answers("secret"));
    const reloaded = createSentLedger(() => "ledger-reload");
    expect(reloaded.ids()).toEqual(["r1"]);
    expect(reloaded.attempted("r1")).toBeUndefined();
    expect(createSentLedger(() => "another-scope").ids()).toEqual([]);
  });

  it("holds a reply while it is awaited, and lets go of it once it settles either way", async () => {
    const ledger = createSentLedger(() => "ledger-replies");
    let finish!: () => void;
    const reply = new Promise<void>((resolve) => (finish = resolve));
    const waiting = ledger.awaitReply("r1", reply);
    expect(ledger.replyOf("r1")).toBe(reply);
    finish();
    await waiting;
    expect(ledger.replyOf("r1")).toBeUndefined();
    await expect(ledger.awaitReply("r2", Promise.reject(new Error("cut off")))).rejects.toThrow("cut off");
    expect(ledger.replyOf("r2")).toBeUndefined();
  });
});
