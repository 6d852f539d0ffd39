import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import {
  DRAFT_SAVE_DELAY_MS,
  blockingDraftsFeature,
  createIndexedDbStorage,
  createMemoryStorage,
  createPaneBus,
  openStore,
  draftOf,
  storageScope,
  type DockStorage,
  type PaneBus,
  type PaneMessage,
  type SavedDraft,
} from "../../../src/store";
import { scopedRecords } from "../../../src/store/keep/storage";
import { keptDrafts } from "../../support/kept";
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
function secondPane(storage: DockStorage, bus?: PaneBus) {
  const store = openStore({ client: f.client, sessionKey: "main", typingGraceMs: 0, clock: fakeClock, blockingDrafts: blockingDraftsFeature({ storage, ...(bus ? { bus } : {}) }) });
  extra.push({ dispose: () => store.getState().actions.dispose() });
  return store;
}

describe("Blocking drafts survive a reload", () => {
  it("saves choices, Other text and step after a quiet moment, and a reloaded dock restores them", async () => {
    const storage = createMemoryStorage();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage }) });
    const id = await f.ask({ questions: [WITH_OTHER, REGION] });
    f.actions.setOther(id, "target", "Canary");
    f.actions.select(id, "target", "Production");
    f.actions.goToStep(id, 1);
    await flush(DRAFT_SAVE_DELAY_MS - 50);
    expect(await keptDrafts(storage)).toEqual([]);
    await flush(50);
    expect(await keptDrafts(storage)).toMatchObject([{ requestId: id, step: 1, answers: [{ questionId: "target", selected: ["Production"], other: "Canary" }, { questionId: "region" }] }]);

    // The page reloads: the old store is gone, a new one recovers the pending request from the gateway.
    f.store.getState().actions.dispose();
    const reloaded = secondPane(storage);
    await until(() => reloaded.getState().views.get(id)?.step === 1, "the restored draft");
    expect(draftOf(reloaded.getState().views.get(id), "target")).toEqual({ selected: ["Production"], other: "Canary" });
  });

  it("never writes a draft whose typed text looks like a credential, and drops the earlier copy", async () => {
    const storage = createMemoryStorage();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage }) });
    const id = await f.ask({ questions: [WITH_OTHER] });
    f.actions.setOther(id, "target", "staging please");
    await flush(DRAFT_SAVE_DELAY_MS);
    expect(await keptDrafts(storage)).toHaveLength(1);
    f.actions.setOther(id, "target", "ghp_16C7e42F292c6912E7710c838347Ae178B4a");
    await flush(DRAFT_SAVE_DELAY_MS);
    expect(await keptDrafts(storage)).toEqual([]);
  });

  it("drops the saved draft when the request settles", async () => {
    const storage = createMemoryStorage();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage }) });
    const id = await f.ask({ questions: [WITH_OTHER] });
    f.actions.select(id, "target", "Production");
    await flush(DRAFT_SAVE_DELAY_MS);
    expect(await keptDrafts(storage)).toHaveLength(1);
    await f.actions.submit(id);
    await flush();
    expect(f.gatewayRecord(id)?.status).toBe("answered");
    expect(await keptDrafts(storage)).toEqual([]);
  });

  it("drops it too when the request is answered elsewhere", async () => {
    const storage = createMemoryStorage();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage }) });
    const id = await f.ask({ questions: [WITH_OTHER] });
    f.actions.setOther(id, "target", "Canary");
    await flush(DRAFT_SAVE_DELAY_MS);
    f.sim.resolve(id, { answers: { target: ["Production"] } }, "control-ui:another-surface");
    await until(() => f.state().outcomes.get(id), "the outcome");
    await flush();
    expect(await keptDrafts(storage)).toEqual([]);
  });
});

describe("Blocking drafts of requests that ran out", () => {
  it("are dropped from storage when a dock loads them after their expiry", async () => {
    const storage = createMemoryStorage();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage }) });
    const records = scopedRecords(storage, f.state().scope!);
    const base = { step: 0, answers: [], edited: true, updatedAt: 1 };
    await records.put("draft", "gone", { ...base, requestId: "gone", expiresAtMs: Date.now() - 1 });
    await records.put("draft", "later", { ...base, requestId: "later", expiresAtMs: Date.now() + 60_000 });
    secondPane(storage);
    await flush();
    expect((await keptDrafts(storage)).map((d) => d.requestId)).toEqual(["later"]);
  });
});

describe("Blocking drafts are shared live with the conversation's other panes", () => {
  it("shows an edit in one pane in the other, and keeps other sessions out", async () => {
    const name = channel();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage: createMemoryStorage(), bus: createPaneBus(name) }) });
    const bus = createPaneBus(name);
    extra.push({ dispose: () => bus.close() });
    const other = secondPane(createMemoryStorage(), bus);
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
    const storage = createMemoryStorage();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage, bus: createPaneBus(name) }) });
    const id = await f.ask({ questions: [WITH_OTHER] });
    const bus = createPaneBus(name);
    extra.push({ dispose: () => bus.close() });
    const heard: PaneMessage[] = [];
    bus.subscribe((message) => heard.push(message));
    const draft: SavedDraft = { requestId: id, step: 0, answers: [{ questionId: "target", selected: ["Production"], other: "" }], edited: true, updatedAt: 1 };
    bus.post({ scope: f.state().scope!, table: "draft", id, value: draft });
    await until(() => draftOf(f.state().views.get(id), "target").selected.length === 1, "the other pane's draft");
    await flush(DRAFT_SAVE_DELAY_MS);
    expect(heard).toEqual([]);
    expect(await keptDrafts(storage)).toEqual([]);
  });

  it("takes nothing malformed or from another session off the bus", async () => {
    const name = channel();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage: createMemoryStorage(), bus: createPaneBus(name) }) });
    const id = await f.ask({ questions: [WITH_OTHER] });
    const bus = createPaneBus(name);
    extra.push({ dispose: () => bus.close() });
    const scope = f.state().scope!;
    const otherSession = storageScope(f.client.getConnection().identity!, "other");
    const draft: SavedDraft = { requestId: id, step: 0, answers: [{ questionId: "target", selected: ["Production"], other: "x" }], edited: true, updatedAt: 1 };
    bus.post({ scope: otherSession, table: "draft", id, value: draft });
    bus.post({ scope, table: "draft", id, value: { ...draft, answers: "nope" } });
    bus.post({ scope, table: "draft", id: "another-request", value: draft });
    bus.post({ scope, table: "outbox", id, value: draft });
    await flush();
    expect(draftOf(f.state().views.get(id), "target")).toEqual({ selected: [], other: "" });
    // Well-formed and of this conversation: only what the question offers, cleaned as typed text is.
    bus.post({ scope, table: "draft", id, value: { ...draft, answers: [{ questionId: "target", selected: ["Not offered"], other: "ok\u0000" }] } });
    await flush();
    expect(draftOf(f.state().views.get(id), "target")).toEqual({ selected: [], other: "ok" });
  });
});

describe("Secret answers never leave memory", () => {
  it("neither stores nor broadcasts a secret question's answer", async () => {
    const name = channel();
    const storage = createMemoryStorage();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage, bus: createPaneBus(name) }) });
    const bus = createPaneBus(name);
    extra.push({ dispose: () => bus.close() });
    const heard: PaneMessage[] = [];
    bus.subscribe((m) => heard.push(m));

    // The gateway takes a secret only as the one question of its prompt.
    const secret = await f.ask({ questions: [SECRET] });
    f.actions.setOther(secret, "api_key", "hunter2");
    await flush(DRAFT_SAVE_DELAY_MS);
    expect(await keptDrafts(storage)).toEqual([]);
    expect(heard).toEqual([]);

    const plain = await f.ask({ questions: [WITH_OTHER] });
    f.actions.setOther(plain, "target", "Canary");
    await flush(DRAFT_SAVE_DELAY_MS);
    expect((await keptDrafts(storage)).map((d) => d.requestId)).toEqual([plain]);
    expect(heard.length).toBeGreaterThan(0);
    expect(JSON.stringify(heard)).not.toMatch(/hunter|api_key/);
    expect(draftOf(f.state().views.get(secret), "api_key").other).toBe("hunter2");
  });
});

describe("Kept records in a storage", () => {
  it.each([
    ["memory", () => createMemoryStorage()],
    ["IndexedDB", () => createIndexedDbStorage({ dbName: `drafts-${Math.random()}` })],
  ])("%s: keys by scope, table and request id, hostile ids included", async (_name, make) => {
    const storage = make();
    const identity = { gateway: "ws://gateway.test", deviceId: "device-a", role: "operator", scopes: ["operator.admin"] };
    // A session key that is a prefix of the other, with an id that would complete it if keys were only joined.
    const longer = scopedRecords(storage, storageScope(identity, "agent:main:main"));
    const shorter = scopedRecords(storage, storageScope(identity, "agent:main"));
    const draft = (requestId: string): SavedDraft => ({ requestId, step: 0, answers: [], edited: false, updatedAt: 1 });
    for (const rid of ["__proto__", "constructor", "a:b", "a"]) await longer.put("draft", rid, draft(rid));
    await shorter.put("draft", "main:a", draft("main:a"));
    await shorter.put("outbox", "main:a", { id: "main:a" });
    const ids = async (records: typeof longer) => ((await records.list("draft")) as SavedDraft[]).map((d) => d.requestId).sort();
    expect(await ids(longer)).toEqual(["__proto__", "a", "a:b", "constructor"]);
    expect(await ids(shorter)).toEqual(["main:a"]);
    expect(await longer.list("outbox")).toEqual([]);
    await longer.remove("draft", "__proto__");
    expect(await ids(longer)).toEqual(["a", "a:b", "constructor"]);
    expect(await ids(shorter)).toEqual(["main:a"]);
  });
});
