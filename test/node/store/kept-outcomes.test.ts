import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createQuestionDockStore } from "../../../src/store";
import { TARGET, fakeClock, flush, startDock, until, type DockFixture } from "./dock-fixture";

let f: DockFixture;
afterEach(() => f?.stop());

// The tab's sessionStorage, which outlives a reload (Node has none of its own).
const tab = new Map<string, string>();
beforeAll(() => {
  vi.stubGlobal("sessionStorage", { getItem: (k: string) => tab.get(k) ?? null, setItem: (k: string, v: string) => void tab.set(k, v) });
});
beforeEach(() => tab.clear());
afterAll(() => vi.unstubAllGlobals());

/** The page after a reload: a new store on the same tab and client. */
function reload() {
  f.store.getState().actions.dispose();
  const store = createQuestionDockStore({ client: f.client, sessionKey: "main", clock: fakeClock });
  const dispose = f.stop;
  f.stop = () => {
    store.getState().actions.dispose();
    dispose();
  };
  return store;
}

const storedText = () => [...tab.entries()].filter(([k]) => k.includes(":outcomes:")).map(([, v]) => v).join("\n");

describe("This tab's outcomes across a reload", () => {
  it("an answer confirmed just before a reload is still shown as the person's own, although the gateway has let go of it", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET] });
    f.actions.select(id, "target", "Production");
    await f.actions.submit(id);
    expect(f.state().outcomes.get(id)?.kind).toBe("answered");
    // Long enough for the gateway to let go of the resolved record.
    await vi.advanceTimersByTimeAsync(60_000);

    const reloaded = reload();
    await flush(10);
    expect(reloaded.getState().outcomes.get(id)).toMatchObject({ kind: "answered", answers: { answers: { target: ["Production"] } } });
    expect(reloaded.getState().records.get(id)).toBeUndefined();
  });

  it("the typed text of a question lost in a restart is still there, with its summary, after a reload", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [{ ...TARGET, isOther: true }] });
    f.actions.setOther(id, "target", "Canary first, then 10%");
    f.sim.restart();
    await until(() => f.state().outcomes.get(id), "the outcome after the restart", 100);

    const reloaded = reload();
    await flush(10);
    expect(reloaded.getState().outcomes.get(id)).toMatchObject({ kind: "unavailable", unsent: { target: { other: "Canary first, then 10%" } } });
  });

  it("keeps neither secret answers nor credential-shaped typed text", async () => {
    f = await startDock();
    const secret = await f.ask({ questions: [{ questionId: "pin", header: "PIN", question: "The deploy PIN", options: [], isSecret: true, secretStore: { name: "DEPLOY_PIN", kind: "secret" } }] });
    f.actions.setOther(secret, "pin", "4711-unique-pin");
    await f.actions.submit(secret);
    const typed = await f.ask({ questions: [{ ...TARGET, isOther: true }] });
    const key = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
    f.actions.setOther(typed, "target", key);
    f.sim.restart();
    await until(() => f.state().outcomes.get(typed), "the outcome after the restart", 100);

    expect(storedText()).toContain(typed);
    expect(storedText()).toContain(secret);
    expect(storedText()).not.toContain("4711-unique-pin");
    expect(storedText()).not.toContain(key);
    // The page itself still shows the typed text until it goes.
    expect(f.state().outcomes.get(typed)?.unsent?.["target"]?.other).toBe(key);
  });

  it("skips an entry that was tampered with, and still shows the others", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET] });
    await f.actions.skip(id);
    const [key, text] = [...tab.entries()].find(([k]) => k.includes(":outcomes:"))!;
    const list = JSON.parse(text) as unknown[];
    tab.set(key, JSON.stringify([{ id: "constructor", kind: "answered", record: { id: "constructor", questions: "<img src=x onerror=alert(1)>" }, at: 1 }, null, 7, ...list]));

    const reloaded = reload();
    await flush(10);
    expect([...reloaded.getState().outcomes.keys()]).toEqual([id]);
    expect(reloaded.getState().outcomes.get(id)?.kind).toBe("skipped");
  });
});
