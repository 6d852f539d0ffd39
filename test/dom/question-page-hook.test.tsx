// `useQuestionPage` on the simulated gateway through the real client: what each read of the question makes of
// the page, Retry after a failed refresh, and what unmounting stops.
import { act, renderHook, waitFor, type RenderHookResult } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useQuestionPage, type QuestionPageState } from "../../src";
import { createScriptedDock, type ScriptedDock } from "../../src/simulated";
import { createMemoryStorage } from "../../src/store";
import { createRefusingTransport, type RefusingTransport } from "../../stories/support/refusing-transport";
import { TARGET } from "../support/questions";

let dock: ScriptedDock<undefined>;
let link: RefusingTransport;
let page: RenderHookResult<QuestionPageState, unknown>;

beforeEach(async () => {
  dock = createScriptedDock({ token: "page", sim: { tickIntervalMs: 0 }, store: false, transport: (inner) => (link = createRefusingTransport(inner)).transport });
  await dock.connect();
});
afterEach(() => {
  page?.unmount();
  dock.dispose();
});

function open(questionId: string, draftStorage = createMemoryStorage()) {
  page = renderHook(() => useQuestionPage({ client: dock.client, questionId, draftStorage }));
  return { getState: () => page.result.current };
}
const shown = (p: QuestionPageState, id: string) => p.store?.getState().outcomes.get(id) ?? p.ended;
const reaches = (check: (s: QuestionPageState) => boolean) => waitFor(() => expect(check(page.result.current)).toBe(true));

describe("useQuestionPage", () => {
  it("is loading until the read answers, then shows the waiting question through a dock store of its own", async () => {
    const { id } = dock.sim.ask({ questions: [TARGET] });
    const s = open(id);
    expect(s.getState()).toMatchObject({ phase: "loading", busy: true });
    await reaches((p) => p.phase === "ready");
    expect(s.getState()).toMatchObject({ busy: false, record: { id, status: "pending" } });
    expect(s.getState().ended).toBeUndefined();
    expect(s.getState().store?.getState().records.get(id)).toBeDefined();
  });

  it("builds how a question ended from the read when it ended before the page opened", async () => {
    const { id } = dock.sim.ask({ questions: [TARGET] });
    dock.sim.resolve(id, { [TARGET.questionId]: ["Production"] }, "control-ui:phone");
    const s = open(id);
    await reaches((p) => p.phase === "ready");
    expect(s.getState().ended).toMatchObject({ kind: "answered-elsewhere", answers: { answers: { [TARGET.questionId]: ["Production"] } } });
    expect(s.getState().store).toBeUndefined();
  });

  it("is gone, with no ending to show, for an id the gateway does not know", async () => {
    const s = open("constructor");
    await reaches((p) => p.phase === "gone");
    expect(s.getState()).toMatchObject({ busy: false });
    expect(s.getState().ended).toBeUndefined();
  });

  it("says why the refresh after a reconnect failed, and Retry reads again into the same dock store with the draft", async () => {
    const { id } = dock.sim.ask({ questions: [TARGET] });
    const s = open(id);
    await reaches((p) => p.phase === "ready");
    const held = s.getState().store!;
    held.getState().actions.setOther(id, TARGET.questionId, "canary first");

    link.refuseNext("question.get", { code: "UNAVAILABLE", message: "the gateway is still starting" });
    dock.sim.dropConnections();
    await reaches((p) => p.phase === "error");
    expect(s.getState()).toMatchObject({ error: "question.get failed: UNAVAILABLE: the gateway is still starting", busy: false, store: held });

    act(() => s.getState().retry());
    expect(s.getState()).toMatchObject({ phase: "error", busy: true });
    await reaches((p) => p.phase === "ready");
    expect(s.getState().error).toBeUndefined();
    expect(s.getState().store).toBe(held);
    expect(held.getState().views.get(id)?.drafts[TARGET.questionId]?.other).toBe("canary first");
  });

  it("turns a question the restarted gateway lost into Unavailable, keeping what was typed", async () => {
    const { id } = dock.sim.ask({ questions: [TARGET] });
    const s = open(id);
    await reaches((p) => p.phase === "ready");
    s.getState().store!.getState().actions.setOther(id, TARGET.questionId, "hotfix/2.4.1");
    dock.sim.restart();
    await reaches((p) => p.phase === "gone");
    expect(shown(s.getState(), id)).toMatchObject({ kind: "unavailable", record: { id }, unsent: { [TARGET.questionId]: { selected: [], other: "hotfix/2.4.1" } } });
  });

  it("once unmounted, reads no more and detaches its dock store", async () => {
    const { id } = dock.sim.ask({ questions: [TARGET] });
    const s = open(id);
    await reaches((p) => p.phase === "ready");
    const before = s.getState();
    const request = vi.spyOn(dock.client, "request");
    page.unmount();
    dock.sim.resolve(id, { [TARGET.questionId]: ["Production"] }, "control-ui:phone");
    dock.sim.dropConnections();
    s.getState().retry();
    await dock.connect();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(request.mock.calls.filter(([method]) => method === "question.get")).toEqual([]);
    expect(before.store?.getState().records.get(id)).toBeDefined();
  });
});
