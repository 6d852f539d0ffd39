// A host that brings its own storage and bus, both written against the public types: a storage of JSON strings
// (as localStorage keeps them) and an in-page relay between two panes. Drafts are kept under their scope, come back
// after a reload, reach the other pane live, and nothing malformed on the host's bus reaches the store.
import { afterEach, describe, expect, it } from "vitest";
import { blockingDraftsFeature, createQuestionDockStore, type DockStorage, type PaneBus, type PaneMessage } from "../../../src";
import { DRAFT_SAVE_DELAY_MS, draftOf } from "../../../src/store";
import { TARGET, fakeClock, flush, startDock, until, type DockFixture } from "./dock-fixture";

const WITH_OTHER = { ...TARGET, isOther: true };

/** A host's storage: JSON text by key, read by key prefix. */
function jsonStorage(): DockStorage & { keys(): string[] } {
  const texts = new Map<string, string>();
  return {
    list: async (prefix) => [...texts].filter(([key]) => key.startsWith(prefix)).map(([, text]) => JSON.parse(text) as unknown),
    put: async (key, value) => void texts.set(key, JSON.stringify(value)),
    remove: async (key) => void texts.delete(key),
    keys: () => [...texts.keys()],
  };
}

/** A host's relay between panes: each pane hears what the others post, and whatever the host lets through. */
function relay() {
  const listeners = new Set<(message: PaneMessage) => void>();
  const pane = (): PaneBus => {
    const mine = new Set<(message: PaneMessage) => void>();
    return {
      post: (message) => [...listeners].filter((l) => !mine.has(l)).forEach((l) => l(structuredClone(message))),
      subscribe(listener) {
        mine.add(listener);
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close: () => mine.forEach((l) => listeners.delete(l)),
    };
  };
  return { pane, deliver: (raw: unknown) => listeners.forEach((l) => l(raw as PaneMessage)) };
}

let f: DockFixture;
const stops: Array<() => void> = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  f?.stop();
});

function secondPane(storage: DockStorage, bus: PaneBus) {
  const store = createQuestionDockStore({ client: f.client, sessionKey: "main", typingGraceMs: 0, clock: fakeClock, blockingDrafts: blockingDraftsFeature({ storage, bus }) });
  stops.push(() => store.getState().actions.dispose());
  return store;
}

describe("A host's own storage and bus", () => {
  it("keep drafts under their scope, bring them back after a reload and share them live", async () => {
    const storage = jsonStorage();
    const buses = relay();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage, bus: buses.pane() }) });
    const id = await f.ask({ questions: [WITH_OTHER] });
    const other = secondPane(storage, buses.pane());
    await until(() => other.getState().records.has(id), "the request in the other pane");

    f.actions.select(id, "target", "Production");
    await until(() => draftOf(other.getState().views.get(id), "target")?.selected[0] === "Production", "the edit in the other pane");
    await flush(DRAFT_SAVE_DELAY_MS);
    expect(storage.keys()).toEqual([expect.stringMatching(/^scope:.+:draft:/)]);

    f.store.getState().actions.dispose();
    const reloaded = secondPane(storage, buses.pane());
    await until(() => draftOf(reloaded.getState().views.get(id), "target")?.selected[0] === "Production", "the kept draft after a reload");
  });

  it("take nothing malformed off the host's bus", async () => {
    const buses = relay();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage: jsonStorage(), bus: buses.pane() }) });
    const id = await f.ask({ questions: [WITH_OTHER] });
    for (const raw of [null, "draft", 42, { table: "draft", id }, { scope: 7, table: "draft", id, value: {} }]) expect(() => buses.deliver(raw)).not.toThrow();
    await flush();
    expect(draftOf(f.state().views.get(id), "target")).toEqual({ selected: [], other: "" });
  });
});
