import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { blockingDraftsFeature, createMemoryStorage, createQuestionDockStore } from "../../src/store";
import { TARGET, startDock, type DockHarness } from "./dock-harness";
import { keptDrafts } from "../support/kept";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());

describe("A blocking draft typed just before the page goes away", () => {
  it.each([
    ["a reload or a closed tab", () => window.dispatchEvent(new Event("pagehide"))],
    ["the tab hidden", () => {
      vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
      document.dispatchEvent(new Event("visibilitychange"));
    }],
  ])("is written at once on %s, without waiting for the quiet moment", async (_when, leave) => {
    const storage = createMemoryStorage();
    const store = createQuestionDockStore({ client: h.client, sessionKey: "main", blockingDrafts: blockingDraftsFeature({ storage }) });
    try {
      const id = await h.ask({ questions: [{ ...TARGET, isOther: true }] });
      await vi.waitFor(() => expect(store.getState().records.get(id)).toBeDefined());
      store.getState().actions.setOther(id, "target", "Canary");
      expect(await keptDrafts(storage)).toEqual([]);
      leave();
      // Read at once: no time may pass, or the ordinary delayed write would pass this test by itself.
      expect(await keptDrafts(storage)).toMatchObject([{ requestId: id, answers: [{ other: "Canary" }] }]);
    } finally {
      vi.restoreAllMocks();
      store.getState().actions.dispose();
    }
  });
});
