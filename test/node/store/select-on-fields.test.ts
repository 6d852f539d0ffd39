// A selector over the pending requests walks them again only when a field it reads changed, and then always does.
import { describe, expect, it } from "vitest";
import { selectOnFields } from "../../../src/hooks/select-on-fields";
import { blockingCount } from "../../../src/hooks/use-question-title";
import { emptyDockState } from "../../../src/store/dock/empty-state";
import { IdSequence } from "../../../src/store/dock/id-sequence";
import type { DockState } from "../../../src/store/dock/types";

describe("selectOnFields", () => {
  const base = (): DockState => ({ ...emptyDockState("main", { state: "connected", attempt: 0 }), order: IdSequence.of(["a", "b", "c"]) });

  it("reuses the result while the fields it reads are the same objects", () => {
    let walks = 0;
    const count = selectOnFields(["order", "asyncLinks"], (s) => (walks++, blockingCount(s)));
    const s = base();
    expect(count(s)).toBe(3);
    expect(count({ ...s, collapsed: true, activeId: "b" })).toBe(3);
    expect(walks).toBe(1);
  });

  it("walks again when any field it reads changed, and gives the new answer", () => {
    let walks = 0;
    const count = selectOnFields(["order", "asyncLinks"], (s) => (walks++, blockingCount(s)));
    const s = base();
    count(s);
    const linked = { ...s, asyncLinks: s.asyncLinks.set("b", { itemId: "item-b" } as never) };
    expect(count(linked)).toBe(2);
    expect(count({ ...linked, order: linked.order.remove("a") })).toBe(1);
    expect(walks).toBe(3);
  });
});
