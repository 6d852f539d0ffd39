// A chat reply whose verdict never reaches the page (the event was lost, or the connection hears no chat events):
// after a while the store asks nothing more of the gateway than what the dock shows: the question still waits, so
// the reply was not taken, the person is told so, and nothing is resolved in their name.
import { afterEach, expect, it, vi } from "vitest";
import { REGION, TARGET, flush, startDock, type DockFixture } from "./dock-fixture";

let f: DockFixture;
afterEach(() => f?.stop());

it("says the reply was not taken when no verdict comes and the question still waits", async () => {
  // The gateway refuses the reply (it leaves a question unanswered), and the refusal is lost on the way.
  f = await startDock({ lose: (frame) => frame.event === "chat" && frame.payload?.["state"] === "error" });
  const runId = f.sim.startRun();
  const id = await f.ask({ questions: [TARGET, REGION], runId });

  const reply = f.actions.replyInChat(id, "2");
  await flush();
  expect(f.state().submissions.get(id)).toMatchObject({ status: "submitting", kind: "answer" });
  await vi.advanceTimersByTimeAsync(15_000);

  expect(await reply).toEqual({ ok: false, code: "not-taken" });
  expect(f.state().submissions.get(id)).toMatchObject({ status: "error", code: "not-taken" });
  expect(f.state().records.has(id)).toBe(true);
  expect(f.gatewayRecord(id)?.status).toBe("pending");
});
