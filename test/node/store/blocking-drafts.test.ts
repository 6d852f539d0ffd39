import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import {
  BLOCKING_DRAFT_SAVE_DELAY_MS,
  blockingDraftsFeature,
  createIndexedDbBlockingDraftStorage,
  createMemoryBlockingDraftStorage,
  createPaneBus,
  createQuestionDockStore,
  draftOf,
  type BlockingDraftStorage,
  type PaneBus,
  type PaneMessage,
} from "../../../src/store";
import { CHECKS, REGION, TARGET, fakeClock, flush, startDock, until, type DockFixture } from "./dock-fixture";

const WITH_OTHER = { ...TARGET, isOther: true };
const SECRET = { questionId: "api_key", header: "Key", question: "Paste the deploy key", options: [], isOther: true, isSecret: true, secretStore: { name: "DEPLOY_KEY", kind: "secret" } };

let f: DockFixture;
const extra: Array<{ dispose(): void }> = [];
afterEach(() => {
  extra.splice(0).forEach((x) => x.dispose());
  f?.stop();
});

const channel = () => `blocking-test-${Math.random().toString(36).slice(2)}`;

// A second pane of the same conversation on the same client: after a reload, or another tab.
function secondPane(storage: BlockingDraftStorage, bus?: PaneBus) {
  const store = createQuestionDockStore({ client: f.client, sessionKey: "main", typingGraceMs: 0, clock: fakeClock, blockingDrafts: blockingDraftsFeature({ storage, ...(bus ? { bus } : {}) }) });
  extra.push({ dispose: () => store.getState().actions.dispose() });
  return store;
}

describe("Blocking drafts survive a reload", () => {
  it("saves choices, Other text and step after a quiet moment, and a reloaded dock restores them", async () => {
    const storage = createMemoryBlockingDraftStorage();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage }) });
    const id = await f.ask({ questions: [WITH_OTHER, REGION] });
    f.actions.setOther(id, "target", "Canary");
    f.actions.select(id, "target", "Production");
    f.actions.goToStep(id, 1);
    await flush(BLOCKING_DRAFT_SAVE_DELAY_MS - 50);
    expect(await storage.load("main")).toEqual([]);
    await flush(50);
    expect(await storage.load("main")).toMatchObject([{ requestId: id, step: 1, answers: [{ questionId: "target", selected: ["Production"], other: "Canary" }, { questionId: "region" }] }]);

    // The page reloads: the old store is gone, a new one recovers the pending request from the gateway.
    f.store.getState().actions.dispose();
    const reloaded = secondPane(storage);
    await until(() => reloaded.getState().views.get(id)?.step === 1, "the restored draft");
    expect(draftOf(reloaded.getState().views.get(id), "target")).toEqual({ selected: ["Production"], other: "Canary" });
  });

  it("never writes a draft whose typed text looks like a credential, and drops the earlier copy", async () => {
    const storage = createMemoryBlockingDraftStorage();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage }) });
    const id = await f.ask({ questions: [WITH_OTHER] });
    f.actions.setOther(id, "target", "staging please");
    await flush(BLOCKING_DRAFT_SAVE_DELAY_MS);
    expect(await storage.load("main")).toHaveLength(1);
    f.actions.setOther(id, "target", "ghp_16C7e42F292c6912E7710c838347Ae178B4a");
    await flush(BLOCKING_DRAFT_SAVE_DELAY_MS);
    expect(await storage.load("main")).toEqual([]);
  });

  it("drops the saved draft when the request settles", async () => {
    const storage = createMemoryBlockingDraftStorage();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage }) });
    const id = await f.ask({ questions: [WITH_OTHER] });
    f.actions.select(id, "target", "Production");
    await flush(BLOCKING_DRAFT_SAVE_DELAY_MS);
    expect(await storage.load("main")).toHaveLength(1);
    await f.actions.submit(id);
    await flush();
    expect(f.gatewayRecord(id)?.status).toBe("answered");
    expect(await storage.load("main")).toEqual([]);
  });

  it("drops it too when the request is answered elsewhere", async () => {
    const storage = createMemoryBlockingDraftStorage();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage }) });
    const id = await f.ask({ questions: [WITH_OTHER] });
    f.actions.setOther(id, "target", "Canary");
    await flush(BLOCKING_DRAFT_SAVE_DELAY_MS);
    f.sim.resolve(id, { answers: { target: ["Production"] } }, "control-ui:another-surface");
    await until(() => f.state().outcomes.get(id), "the outcome");
    await flush();
    expect(await storage.load("main")).toEqual([]);
  });
});

describe("Blocking drafts of requests that ran out", () => {
  it("are dropped from storage when a dock loads them after their expiry", async () => {
    const storage = createMemoryBlockingDraftStorage();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage }) });
    const base = { sessionKey: "main", step: 0, answers: [], updatedAt: 1 };
    await storage.save({ ...base, requestId: "gone", expiresAtMs: Date.now() - 1 });
    await storage.save({ ...base, requestId: "later", expiresAtMs: Date.now() + 60_000 });
    secondPane(storage);
    await flush();
    expect((await storage.load("main")).map((d) => d.requestId)).toEqual(["later"]);
  });
});

describe("Blocking drafts are shared live with the conversation's other panes", () => {
  it("shows an edit in one pane in the other, and keeps other sessions out", async () => {
    const name = channel();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage: createMemoryBlockingDraftStorage(), bus: createPaneBus(name) }) });
    const bus = createPaneBus(name);
    extra.push({ dispose: () => bus.close() });
    const other = secondPane(createMemoryBlockingDraftStorage(), bus);
    const id = await f.ask({ questions: [WITH_OTHER, CHECKS] });
    await until(() => other.getState().records.get(id), "the request in the other pane");

    f.actions.setOther(id, "target", "Canary");
    f.actions.select(id, "target", "Production");
    f.actions.toggle(id, "checks", "Lint");
    f.actions.goToStep(id, 1);
    await until(() => other.getState().views.get(id)?.step === 1, "the shared step");
    expect(draftOf(other.getState().views.get(id), "target")).toEqual({ selected: ["Production"], other: "Canary" });
    expect(draftOf(other.getState().views.get(id), "checks")).toEqual({ selected: ["Lint"], other: "" });

    other.getState().actions.chooseOther(id, "target");
    await until(() => draftOf(f.state().views.get(id), "target").selected.length === 0, "the edit back in the first pane");
    expect(draftOf(f.state().views.get(id), "target")).toEqual({ selected: [], other: "Canary" });
  });

  it("shows a draft from another pane without saving it or posting it back", async () => {
    const name = channel();
    const storage = createMemoryBlockingDraftStorage();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage, bus: createPaneBus(name) }) });
    const id = await f.ask({ questions: [WITH_OTHER] });
    const bus = createPaneBus(name);
    extra.push({ dispose: () => bus.close() });
    const heard: PaneMessage[] = [];
    bus.subscribe((message) => heard.push(message));
    const draft = { sessionKey: "main", requestId: id, step: 0, answers: [{ questionId: "target", selected: ["Production"], other: "" }], updatedAt: 1 };
    bus.post({ type: "blocking-draft", sessionKey: "main", requestId: id, draft });
    await until(() => draftOf(f.state().views.get(id), "target").selected.length === 1, "the other pane's draft");
    await flush(BLOCKING_DRAFT_SAVE_DELAY_MS);
    expect(heard).toEqual([]);
    expect(await storage.load("main")).toEqual([]);
  });

  it("takes nothing malformed or from another session off the bus", async () => {
    const name = channel();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage: createMemoryBlockingDraftStorage(), bus: createPaneBus(name) }) });
    const id = await f.ask({ questions: [WITH_OTHER] });
    const bus = createPaneBus(name);
    extra.push({ dispose: () => bus.close() });
    const draft = { sessionKey: "other", requestId: id, step: 0, answers: [{ questionId: "target", selected: ["Production"], other: "x" }], updatedAt: 1 };
    bus.post({ type: "blocking-draft", sessionKey: "other", requestId: id, draft });
    bus.post({ type: "blocking-draft", sessionKey: "main", requestId: id, draft: { ...draft, sessionKey: "main", answers: "nope" } as never });
    bus.post({ type: "blocking-draft", sessionKey: "main", requestId: id, draft: { ...draft, sessionKey: "main", answers: [{ questionId: "target", selected: ["Not offered"], other: "ok\u0000" }] } });
    await flush();
    expect(draftOf(f.state().views.get(id), "target")).toEqual({ selected: [], other: "ok" });
  });
});

describe("Secret answers never leave memory", () => {
  it("neither stores nor broadcasts a secret question's answer", async () => {
    const name = channel();
    const storage = createMemoryBlockingDraftStorage();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage, bus: createPaneBus(name) }) });
    const bus = createPaneBus(name);
    extra.push({ dispose: () => bus.close() });
    const heard: PaneMessage[] = [];
    bus.subscribe((m) => heard.push(m));

    // The gateway takes a secret only as the one question of its prompt.
    const secret = await f.ask({ questions: [SECRET] });
    f.actions.setOther(secret, "api_key", "hunter2");
    await flush(BLOCKING_DRAFT_SAVE_DELAY_MS);
    expect(await storage.load("main")).toEqual([]);
    expect(heard).toEqual([]);

    const plain = await f.ask({ questions: [WITH_OTHER] });
    f.actions.setOther(plain, "target", "Canary");
    await flush(BLOCKING_DRAFT_SAVE_DELAY_MS);
    expect((await storage.load("main")).map((d) => d.requestId)).toEqual([plain]);
    expect(heard.length).toBeGreaterThan(0);
    expect(JSON.stringify(heard)).not.toMatch(/hunter|api_key/);
    expect(draftOf(f.state().views.get(secret), "api_key").other).toBe("hunter2");
  });
});

describe("Blocking draft storage", () => {
  it.each([
    ["memory", () => createMemoryBlockingDraftStorage()],
    ["IndexedDB", () => createIndexedDbBlockingDraftStorage({ dbName: `drafts-${Math.random()}` })],
  ])("%s: keys by session and request id, hostile ids included", async (_name, make) => {
    const storage = make();
    const draft = (sessionKey: string, requestId: string) => ({ sessionKey, requestId, step: 0, answers: [], updatedAt: 1 });
    for (const rid of ["__proto__", "constructor", "a:b", "a"]) await storage.save(draft("agent:main:main", rid));
    await storage.save(draft("agent:main", "main:a"));
    expect((await storage.load("agent:main:main")).map((d) => d.requestId).sort()).toEqual(["__proto__", "a", "a:b", "constructor"]);
    expect((await storage.load("agent:main")).map((d) => d.requestId)).toEqual(["main:a"]);
    await storage.remove("agent:main:main", "__proto__");
    expect((await storage.load("agent:main:main")).map((d) => d.requestId).sort()).toEqual(["a", "a:b", "constructor"]);
  });
});
