import { afterEach, describe, expect, it } from "vitest";
import { activeAfterArrival, DEFAULT_TYPING_GRACE_MS, type RequestView } from "../../../src/store";
import { CHECKS, REGION, TARGET, flush, startDock, type DockFixture } from "./dock-fixture";
import { announcementText, defaultMessages } from "../../../src/messages";

let f: DockFixture;
afterEach(() => f?.stop());

const GRACE = 1500;
const T = 1_000_000;
const view = (editedAt: number): RequestView => ({ step: 0, drafts: {}, editedAt });
const rec = { id: "x" } as never;

describe("The priority rule (activeAfterArrival)", () => {
  it.each([
    ["nothing is active", null, 0, "new", 0],
    ["the active request was never edited", "a", 0, "new", 0],
    ["the active request was edited long ago", "a", T - 10_000, "new", 0],
    ["the active request was edited exactly the grace ago", "a", T - GRACE, "new", 0],
    ["the active request was edited just now", "a", T, "a", GRACE],
    ["the active request was edited 500 ms ago", "a", T - 500, "a", GRACE - 500],
    ["the active id is stale", "gone", T, "new", 0],
  ] as const)("when %s, %s becomes active", (_name, activeId, editedAt, expected, recheck) => {
    const state = { activeId, views: new Map([["a", view(editedAt)], ["gone", view(editedAt)]]), records: new Map([["a", rec], ["new", rec]]) };
    expect(activeAfterArrival(state, "new", T, GRACE)).toEqual({ activeId: expected, recheckInMs: recheck });
  });

  it("defaults to a grace of 1.5 s", () => {
    expect(DEFAULT_TYPING_GRACE_MS).toBe(1500);
  });
});

describe("Priority in the dock", () => {
  it("gives the active slot to a new request when the person is not typing", async () => {
    f = await startDock({ typingGraceMs: GRACE });
    const a = await f.ask({ questions: [TARGET] });
    expect(f.state().activeId).toBe(a);
    f.actions.select(a, "target", "Production");
    await flush(GRACE);
    const b = await f.ask({ questions: [REGION] });
    expect(f.state().activeId).toBe(b);
    expect(f.state().views.get(a)?.drafts.target?.selected).toEqual(["Production"]);
  });

  it("holds a new request back while the active one is being typed in, then switches after the pause", async () => {
    f = await startDock({ typingGraceMs: GRACE });
    const a = await f.ask({ questions: [TARGET] });
    f.actions.setOther(a, "target", "Produc");
    await flush(500);
    const b = await f.ask({ questions: [REGION] });
    expect(f.state().activeId).toBe(a);
    f.actions.setOther(a, "target", "Production");
    await flush(GRACE - 1);
    expect(f.state().activeId).toBe(a);
    await flush(1);
    expect(f.state().activeId).toBe(b);
    // Typed text equal to a label stays typed text, and nothing was lost in the switch.
    expect(f.state().views.get(a)?.drafts.target).toEqual({ selected: [], other: "Production" });

    f.actions.previousRequest();
    expect(f.state().activeId).toBe(a);
    f.actions.nextRequest();
    expect(f.state().activeId).toBe(b);
  });

  it("does not switch to a held-back request that left in the meantime", async () => {
    f = await startDock({ typingGraceMs: GRACE });
    const a = await f.ask({ questions: [TARGET] });
    f.actions.setOther(a, "target", "C");
    const b = await f.ask({ questions: [REGION] });
    f.sim.cancel(b, "control-ui:phone");
    await flush(GRACE * 2);
    expect(f.state().activeId).toBe(a);
    expect([...f.state().order]).toEqual([a]);
  });

  it("moves between requests with previous and next, without wrapping", async () => {
    f = await startDock();
    const a = await f.ask({ id: "q-a", questions: [TARGET] });
    const b = await f.ask({ id: "q-b", questions: [REGION] });
    const c = await f.ask({ id: "q-c", questions: [CHECKS] });
    expect(f.state().activeId).toBe(c);
    f.actions.nextRequest();
    expect(f.state().activeId).toBe(c);
    const visited = [a, b, c].map(() => (f.actions.previousRequest(), f.state().activeId));
    expect(visited).toEqual([b, a, a]);
    f.actions.showRequest("no-such-request");
    expect(f.state().activeId).toBe(a);
    f.actions.showRequest(c);
    expect(f.state().activeId).toBe(c);
  });

  it.each([
    ["the middle one", "q-b", "q-c"],
    ["the last one", "q-c", "q-b"],
    ["the first one", "q-a", "q-b"],
  ])("when the active request (%s) leaves, its neighbour takes over", async (_name, leaving, next) => {
    f = await startDock();
    for (const id of ["q-a", "q-b", "q-c"]) await f.ask({ id, questions: [TARGET] });
    f.actions.showRequest(leaving);
    await f.actions.skip(leaving);
    expect(f.state().activeId).toBe(next);
  });

  it("stays collapsed while requests remain, and opens again once none are pending", async () => {
    f = await startDock();
    const a = await f.ask({ questions: [TARGET] });
    f.actions.collapse();
    const b = await f.ask({ questions: [REGION] });
    expect(f.state().collapsed).toBe(true);
    await f.actions.skip(a);
    expect(f.state().collapsed).toBe(true);
    await f.actions.skip(b);
    expect(f.state().collapsed).toBe(false);
    expect(f.state().activeId).toBeNull();
  });
});

describe("Announcements", () => {
  const watch = () => {
    const said: string[] = [];
    f.store.subscribe((s, prev) => {
      if (s.announcement.n !== prev.announcement.n) said.push(announcementText(s.announcement, defaultMessages));
    });
    return said;
  };

  it.each([
    ["an answer sent", async (id: string) => (f.actions.select(id, "target", "Production"), f.actions.submit(id)), "Answered: Deploy"],
    ["a skip", async (id: string) => f.actions.skip(id), "Skipped: Deploy"],
    ["an answer given elsewhere", async (id: string) => f.sim.resolve(id, { target: ["Production"] }), "Answered elsewhere: Deploy"],
    ["an expiry", async () => flush(60_000), "Expired: Deploy"],
  ])("announce a new question, then %s", async (_name, act, text) => {
    f = await startDock();
    const said = watch();
    const id = await f.ask({ questions: [TARGET], timeoutMs: 60_000 });
    await act(id);
    await flush();
    expect(said).toEqual(["New question: Where should this deploy?", text]);
  });

  it("names the question when it has no header, and announces a repeat again", async () => {
    f = await startDock();
    const said = watch();
    const first = await f.ask({ questions: [{ ...TARGET, header: "" }] });
    await f.ask({ questions: [{ ...TARGET, header: "" }] });
    await f.actions.skip(first);
    expect(said).toEqual(["New question: Where should this deploy?", "New question: Where should this deploy?", "Skipped: Where should this deploy?"]);
    expect(f.state().announcement.n).toBe(3);
  });
});
