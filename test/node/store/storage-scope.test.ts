// What a page keeps (drafts, queued answers, how questions ended) and what it tells its other tabs belongs to one
// gateway, one identity signed in to it and one session. A page of the same session key, on the same storage and the
// same pane channel, but on another gateway URL or signed in as another device, restores none of it, sends none of it
// and hears none of it; a page of the same identity on the same gateway still does. Records an earlier version wrote
// without a scope are shown to no one and sent by no one.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createGatewayClient, createMemoryKeyStore, type GatewayClient, type KeyStore } from "../../../src/gateway";
import { asyncQuestionsFeature } from "../../../src/features/async-questions";
import { createSimulatedGateway, type SimulatedGateway } from "../../../src/simulated";
import { asyncRequestId, createMemoryStorage, createPaneBus, openStore, DRAFT_SAVE_DELAY_MS, draftOf, type DockStorage, type DockStore, type PaneBus } from "../../../src/store";
import { keptDrafts, keptEntries } from "../../support/kept";
import { fakeClock, flush, until } from "../fake-clock";
import { START, TARGET } from "./dock-fixture";

const TOKEN = "scope-test-token";
const GATEWAY_A = "wss://gateway-a.test";
const GATEWAY_B = "wss://gateway-b.test";
const WITH_OTHER = { ...TARGET, isOther: true };
const BRANCH = { title: "Which branch should the hotfix land on?", options: ["main", "release"] };
const REGION = { title: "Which region first?", options: ["eu-west", "us-east"] };

// This tab's sessionStorage, where a page keeps how its questions ended; Node has none, so the tests bring one.
class TabStorage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key = (i: number) => [...this.items.keys()][i] ?? null;
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}

interface Page {
  client: GatewayClient;
  store: { getState(): DockStore };
  bus: PaneBus;
  close(): void;
}

let sim: SimulatedGateway;
let storage: DockStorage;
let channel: string;
const open: Page[] = [];

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  vi.stubGlobal("sessionStorage", new TabStorage());
  sim = createSimulatedGateway({ token: TOKEN, tickIntervalMs: 0, clock: fakeClock, reply: false });
  storage = createMemoryStorage();
  channel = `scope-test-${Math.random().toString(36).slice(2)}`;
});

afterEach(() => {
  open.splice(0).forEach((p) => p.close());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A page of session "main" on `gateway`, signed in with `keys`, over the shared storage and pane channel; resolves once it has read what it keeps. */
async function openPage(gateway: string, keys: KeyStore): Promise<Page> {
  const client = createGatewayClient({ url: gateway, token: TOKEN, transport: sim.transport, keyStore: keys, random: () => 0.5, backoff: { baseMs: 200, maxMs: 1000 }, clock: fakeClock });
  const bus = createPaneBus(channel);
  const store = openStore({ client, sessionKey: "main", typingGraceMs: 0, clock: fakeClock, asyncQuestions: asyncQuestionsFeature({ storage, bus }) });
  let closed = false;
  const page: Page = {
    client,
    store,
    bus,
    close() {
      if (closed) return;
      closed = true;
      store.getState().actions.dispose();
      bus.close();
      client.stop();
    },
  };
  open.push(page);
  client.start();
  await until(() => store.getState().chat.loaded && store.getState().outbox.ready, `the page on ${gateway} to load`);
  return page;
}

const userMessages = () => sim.history().filter((m) => m.role === "user");
const textOf = (content: unknown) => (typeof content === "string" ? content : JSON.stringify(content));
const draftText = (p: Page, requestId: string, questionId: string) => draftOf(p.store.getState().views.get(requestId), questionId);

/** On gateway A, as device A: a typed blocking draft, a skipped question, an async draft and an answer queued behind a busy run. */
async function keepSomethingOnA(keysA: KeyStore) {
  const a = await openPage(GATEWAY_A, keysA);
  const blocking = sim.ask({ questions: [WITH_OTHER] }).id;
  const skipped = sim.ask({ questions: [WITH_OTHER] }).id;
  const branch = asyncRequestId(sim.askAsync({ questions: [BRANCH] }).itemId);
  const region = asyncRequestId(sim.askAsync({ questions: [REGION] }).itemId);
  await until(() => [blocking, skipped, branch, region].every((id) => a.store.getState().records.has(id)), "every question on page A");
  const run = sim.startRun();
  await until(() => a.store.getState().chat.runActive, "the busy run on page A");
  a.store.getState().actions.setOther(blocking, "target", "typed for gateway A");
  a.store.getState().actions.select(region, "q0", "eu-west");
  a.store.getState().actions.select(branch, "q0", "release");
  a.store.getState().actions.submit(branch);
  await a.store.getState().actions.skip(skipped);
  await until(() => a.store.getState().outcomes.get(skipped)?.kind === "skipped", "the skip on page A");
  await flush(DRAFT_SAVE_DELAY_MS);
  expect(Object.values(a.store.getState().outbox.entries)).toMatchObject([{ state: "queued", message: expect.stringContaining("release") }]);
  expect(await keptEntries(storage)).toHaveLength(1);
  expect((await keptDrafts(storage)).map((d) => d.requestId).sort()).toEqual([blocking, region].sort());
  a.close();
  return { run, blocking, skipped, branch, region };
}

describe("A page of another gateway or another device, on the same storage and session key", () => {
  it("restores none of the first page's drafts, queued answers or outcomes, sends none of them and hears none of its news", async () => {
    const keysA = createMemoryKeyStore();
    const kept = await keepSomethingOnA(keysA);

    const otherGateway = await openPage(GATEWAY_B, keysA);
    const otherDevice = await openPage(GATEWAY_A, createMemoryKeyStore());
    const sameAgain = await openPage(GATEWAY_A, keysA);

    for (const stranger of [otherGateway, otherDevice]) {
      const s = stranger.store.getState();
      expect(draftText(stranger, kept.blocking, "target")).toEqual({ selected: [], other: "" });
      expect(draftText(stranger, kept.region, "q0")).toEqual({ selected: [], other: "" });
      expect(s.outcomes.has(kept.skipped)).toBe(false);
      expect(s.outbox.order).toEqual([]);
      // Their branch question is still asked, not shown as answered.
      expect(s.records.has(kept.branch)).toBe(true);
    }
    // The same identity on the same gateway finds everything it kept.
    expect(draftText(sameAgain, kept.blocking, "target")).toEqual({ selected: [], other: "typed for gateway A" });
    expect(draftText(sameAgain, kept.region, "q0").selected).toEqual(["eu-west"]);
    expect(sameAgain.store.getState().outcomes.get(kept.skipped)?.kind).toBe("skipped");
    expect(Object.values(sameAgain.store.getState().outbox.entries)).toMatchObject([{ state: "queued", message: expect.stringContaining("release") }]);

    // Live news between tabs: a second tab of the first identity hears an edit, the strangers do not, and no stranger's edit reaches it.
    const sameTab = await openPage(GATEWAY_A, keysA);
    sameAgain.store.getState().actions.setOther(kept.blocking, "target", "typed again on A");
    await until(() => draftText(sameTab, kept.blocking, "target").other === "typed again on A", "the edit in the first identity's other tab");
    otherGateway.store.getState().actions.setOther(kept.blocking, "target", "typed on gateway B");
    otherDevice.store.getState().actions.setOther(kept.blocking, "target", "typed by device B");
    const entryId = sameAgain.store.getState().outbox.order[0]!;
    expect(sameAgain.store.getState().actions.editAnswer(entryId, "Which branch should the hotfix land on?\nrelease, then main")).toBe(true);
    await until(() => sameTab.store.getState().outbox.entries[entryId]?.message.endsWith("then main"), "the edited answer in the first identity's other tab");
    await flush(DRAFT_SAVE_DELAY_MS);
    expect(draftText(otherGateway, kept.blocking, "target").other).toBe("typed on gateway B");
    expect(draftText(otherDevice, kept.blocking, "target").other).toBe("typed by device B");
    expect(draftText(sameAgain, kept.blocking, "target").other).toBe("typed again on A");
    expect(draftText(sameTab, kept.blocking, "target").other).toBe("typed again on A");
    expect(otherGateway.store.getState().outbox.order).toEqual([]);
    expect(otherDevice.store.getState().outbox.order).toEqual([]);

    // Once the agent is idle, the answer goes out once, from the identity that gave it.
    sim.completeRun(kept.run, "Done.");
    await until(() => userMessages().length > 0, "the queued answer sent", 100);
    await until(() => Object.values(sameAgain.store.getState().outbox.entries)[0]?.state === "confirmed", "the answer confirmed", 100);
    await flush(1000);
    expect(userMessages().map((m) => textOf(m.content))).toEqual([expect.stringContaining("release, then main")]);
    expect(otherGateway.store.getState().outbox.order).toEqual([]);
    expect(otherDevice.store.getState().outbox.order).toEqual([]);
  });
});

describe("Records an earlier version kept without a scope", () => {
  it("are neither shown nor sent, nor are its tabs' messages heard", async () => {
    const blocking = sim.ask({ questions: [WITH_OTHER] }).id;
    const { itemId } = sim.askAsync({ questions: [BRANCH] });
    const run = sim.startRun();
    // As the earlier version wrote them: keyed by session only.
    const entry = { id: "legacy-entry", sessionKey: "main", itemId, message: "Which branch should the hotfix land on?\nrelease", state: "queued", createdAt: START, updatedAt: START, failureCount: 0, isPaused: false };
    await storage.put("outbox:main:legacy-entry", { ...entry, draft: { itemId, sessionKey: "main", answers: [{ selected: ["release"], other: "" }], edited: true, updatedAt: START } });
    await storage.put(`draft:main:${itemId}`, { itemId, sessionKey: "main", answers: [{ selected: ["release"], other: "" }], edited: true, updatedAt: START });
    await storage.put(`blocking:main:${encodeURIComponent(blocking)}`, { sessionKey: "main", requestId: blocking, step: 0, answers: [{ questionId: "target", selected: [], other: "typed in the earlier version" }], updatedAt: START });

    const page = await openPage(GATEWAY_A, createMemoryKeyStore());
    const branch = asyncRequestId(itemId);
    await until(() => page.store.getState().records.has(blocking) && page.store.getState().chat.questions.length === 1, "both questions read");
    expect(page.store.getState().records.has(branch)).toBe(true);
    expect(draftText(page, blocking, "target")).toEqual({ selected: [], other: "" });
    expect(draftText(page, branch, "q0")).toEqual({ selected: [], other: "" });
    expect(page.store.getState().outbox.order).toEqual([]);

    // A tab of the earlier version still open on the same channel says what it says in its own words.
    const oldTab = createPaneBus(channel);
    oldTab.post({ type: "outbox-changed", sessionKey: "main", entry } as never);
    oldTab.post({ type: "blocking-draft", sessionKey: "main", requestId: blocking, draft: { sessionKey: "main", requestId: blocking, step: 0, answers: [{ questionId: "target", selected: [], other: "from the old tab" }], updatedAt: START } } as never);
    await flush();
    oldTab.close();
    expect(page.store.getState().outbox.order).toEqual([]);
    expect(draftText(page, blocking, "target").other).toBe("");

    sim.completeRun(run, "Done.");
    await flush(5000);
    expect(userMessages()).toEqual([]);
    expect(page.store.getState().outbox.order).toEqual([]);
  });
});
