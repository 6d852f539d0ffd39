// Opt-in parts reach a dock only as tokens their factories made: a look-alike object is refused with the factory's
// name, and async questions keep blocking drafts by default (shared over the default pane channel, stored in
// IndexedDB where there is one), as they did before they became opt-in.
import { afterEach, describe, expect, it } from "vitest";
import { asyncQuestionsFeature } from "../../../src/features/async-questions";
import { BLOCKING_DRAFT_SAVE_DELAY_MS, createConversationServices, createMemoryStorage, createPaneBus, createQuestionDockStore, draftOf, type AsyncQuestionsFeature, type BlockingDraftsFeature, type DockStoreOptions } from "../../../src/store";
import { fakeClock, flush, startDock, TARGET, until, type DockFixture } from "./dock-fixture";

let f: DockFixture | undefined;
const extra: Array<{ dispose(): void }> = [];
afterEach(() => {
  extra.splice(0).forEach((x) => x.dispose());
  f?.stop();
  f = undefined;
});

/** Another page on the fixture's client: its own async services, and the store options given. */
function page(opts: Partial<DockStoreOptions> = {}) {
  const bus = createPaneBus(`opt-in-${Math.random().toString(36).slice(2)}`);
  const services = createConversationServices({ client: f!.client, sessionKey: "main", storage: createMemoryStorage(), bus, clock: fakeClock });
  const store = createQuestionDockStore({ client: f!.client, sessionKey: "main", typingGraceMs: 0, clock: fakeClock, asyncQuestions: asyncQuestionsFeature(services), ...opts });
  extra.push({
    dispose: () => {
      store.getState().actions.dispose();
      services.dispose();
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
    // What the option took before it became a feature: the services themselves.
    const services = createConversationServices({ client: f!.client, sessionKey: "main", storage: createMemoryStorage(), bus: createPaneBus(`opt-in-${Math.random()}`), clock: fakeClock });
    extra.push(services);
    expect(() => createQuestionDockStore({ client: f!.client, sessionKey: "main", asyncQuestions: services as unknown as AsyncQuestionsFeature })).toThrow(`"asyncQuestions" option takes what asyncQuestionsFeature(…) returns`);
    // A real token in the wrong option is refused too, rather than started as the other feature.
    expect(() => createQuestionDockStore({ client: f!.client, sessionKey: "main", blockingDrafts: asyncQuestionsFeature(services) as unknown as BlockingDraftsFeature })).toThrow("blockingDraftsFeature(…)");
  });
});

describe("Async questions without a blockingDrafts option", () => {
  it("keep blocking drafts and share them with the conversation's other panes; `blockingDrafts: false` keeps them to the dock", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET] });
    const [first, second, apart] = [page(), page(), page({ blockingDrafts: false })];
    await until(() => [first, second, apart].every((store) => store.getState().records.has(id)), "the request in every pane");
    first.getState().actions.select(id, "target", "Production");
    await until(() => draftOf(second.getState().views.get(id), "target").selected.length > 0, "the draft in the other pane");
    expect(draftOf(second.getState().views.get(id), "target").selected).toEqual(["Production"]);
    await flush(BLOCKING_DRAFT_SAVE_DELAY_MS);
    expect(draftOf(apart.getState().views.get(id), "target").selected).toEqual([]);
  });
});
