// Opt-in parts reach a dock only as tokens their factories made: a look-alike object is refused with the factory's
// name, and async questions keep blocking drafts by default, in the feature's own storage and shared over its bus.
import { afterEach, describe, expect, it } from "vitest";
import { asyncQuestionsFeature } from "../../../src/features/async-questions";
import { DRAFT_SAVE_DELAY_MS, createMemoryStorage, createPaneBus, createQuestionDockStore, draftOf, type AsyncQuestionsFeature, type BlockingDraftsFeature, type DockStorage, type DockStoreOptions } from "../../../src/store";
import { keptDrafts } from "../../support/kept";
import { fakeClock, flush, startDock, TARGET, until, type DockFixture } from "./dock-fixture";

let f: DockFixture | undefined;
const extra: Array<{ dispose(): void }> = [];
afterEach(() => {
  extra.splice(0).forEach((x) => x.dispose());
  f?.stop();
  f = undefined;
});

/** Another page of the conversation on the fixture's client, sharing `channel` and keeping what it keeps in `storage`. */
function page(channel: string, storage: DockStorage, opts: Partial<DockStoreOptions> = {}) {
  const bus = createPaneBus(channel);
  const store = createQuestionDockStore({ client: f!.client, sessionKey: "main", typingGraceMs: 0, clock: fakeClock, asyncQuestions: asyncQuestionsFeature({ storage, bus }), ...opts });
  extra.push({
    dispose: () => {
      store.getState().actions.dispose();
      bus.close();
    },
  });
  return store;
}

describe("A feature token", () => {
  it("is refused when no factory made it, naming the factory to call", async () => {
    f = await startDock();
    const lookAlike = { feature: "asyncQuestions" } as AsyncQuestionsFeature;
    expect(() => createQuestionDockStore({ client: f!.client, sessionKey: "main", asyncQuestions: lookAlike })).toThrow("asyncQuestionsFeature(…)");
    const draftsLookAlike = { feature: "blockingDrafts" } as BlockingDraftsFeature;
    expect(() => createQuestionDockStore({ client: f!.client, sessionKey: "main", blockingDrafts: draftsLookAlike })).toThrow("blockingDraftsFeature(…)");
    // What the option took before it became a feature: a conversation and an outbox of the host's making.
    const services = { conversation: {}, outbox: {}, dispose: () => undefined };
    expect(() => createQuestionDockStore({ client: f!.client, sessionKey: "main", asyncQuestions: services as unknown as AsyncQuestionsFeature })).toThrow(`"asyncQuestions" option takes what asyncQuestionsFeature(…) returns`);
    // …and handed to the factory, which now takes options: it says so rather than ignore them.
    expect(() => asyncQuestionsFeature(services as never)).toThrow("asyncQuestionsFeature takes options");
    // A real token in the wrong option is refused too, rather than started as the other feature.
    const token = asyncQuestionsFeature({ storage: createMemoryStorage(), bus: createPaneBus(`opt-in-${Math.random()}`) });
    expect(() => createQuestionDockStore({ client: f!.client, sessionKey: "main", blockingDrafts: token as unknown as BlockingDraftsFeature })).toThrow("blockingDraftsFeature(…)");
  });
});

describe("Async questions without a blockingDrafts option", () => {
  it("keep blocking drafts and share them with the conversation's other panes; `blockingDrafts: false` keeps them to the dock", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET] });
    const channel = `opt-in-${Math.random().toString(36).slice(2)}`;
    const [kept, apartKept] = [createMemoryStorage(), createMemoryStorage()];
    const [first, second, apart] = [page(channel, kept), page(channel, createMemoryStorage()), page(channel, apartKept, { blockingDrafts: false })];
    await until(() => [first, second, apart].every((store) => store.getState().records.has(id)), "the request in every pane");
    first.getState().actions.select(id, "target", "Production");
    await until(() => draftOf(second.getState().views.get(id), "target").selected.length > 0, "the draft in the other pane");
    expect(draftOf(second.getState().views.get(id), "target").selected).toEqual(["Production"]);
    await flush(DRAFT_SAVE_DELAY_MS);
    expect((await keptDrafts(kept)).map((d) => d.requestId)).toEqual([id]);
    expect(draftOf(apart.getState().views.get(id), "target").selected).toEqual([]);

    apart.getState().actions.select(id, "target", "Staging");
    await flush(DRAFT_SAVE_DELAY_MS);
    expect(await keptDrafts(apartKept)).toEqual([]);
    expect(draftOf(first.getState().views.get(id), "target").selected).toEqual(["Production"]);
  });
});
