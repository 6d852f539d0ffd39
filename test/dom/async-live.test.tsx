// An async (Codex) question is saved mid-run and no chat event carries it: the dock shows it from the session's
// saved-row feed while the run still runs, and subscribes to that feed again after every reconnect.
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPane, startAsyncDock, type StartedAsyncDock } from "./async-harness";

const SUBSCRIBE = "sessions.messages.subscribe";
const TARGET = { title: "Where should the build deploy?", options: ["Staging", "Production"] };

interface Rig extends StartedAsyncDock {
  /** Methods the client called, in order. */
  calls: string[];
}
let rig: Rig | undefined;

async function start(): Promise<Rig> {
  const calls: string[] = [];
  const dock = await startAsyncDock({
    transport: (inner) => (url, handlers) => {
      const socket = inner(url, handlers);
      return {
        send: (text) => {
          const method = (JSON.parse(text) as { method?: string }).method;
          if (method) calls.push(method);
          socket.send(text);
        },
        close: (code, reason) => socket.close(code, reason),
      };
    },
  });
  rig = Object.assign(dock, { calls });
  await vi.waitFor(() => expect(rig!.store.getState().chat.loaded).toBe(true));
  renderPane(rig.store, { transcript: false });
  return rig;
}

afterEach(() => {
  rig?.stop();
  rig = undefined;
});

const subscribes = (r: Rig) => r.calls.filter((m) => m === SUBSCRIBE).length;

/** Drops the connection, waits until the client saw it go, reconnects, and waits for the dock's second subscribe. */
async function dropAndReconnect(r: Rig): Promise<void> {
  // Recorded, not polled: on a busy machine the client can be back before a poll looks.
  const states: string[] = [];
  const unsubscribe = r.client.subscribeConnection((info) => states.push(info.state));
  r.sim.dropConnections();
  await vi.waitFor(() => expect(states.some((state) => state !== "connected")).toBe(true));
  unsubscribe();
  r.client.reconnectNow();
  await vi.waitFor(() => expect(subscribes(r)).toBe(2));
}

describe("An async question saved mid-run", () => {
  it("shows in the dock while its run is still running, and can be answered there", async () => {
    const r = await start();
    const runId = r.sim.startRun();
    r.sim.askAsync({ runId, itemId: "deploy", text: TARGET.title, questions: [TARGET] });
    const group = await screen.findByRole("radiogroup", { name: TARGET.title });
    expect(r.sim.activeRuns()).toEqual([{ runId, sessionKey: "agent:main:main" }]);
    expect(r.store.getState().chat.runActive).toBe(true);
    // Shown from the saved row, not from a history read after the run.
    expect(r.calls.filter((m) => m === "chat.history")).toHaveLength(1);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole("radio", { name: "Production" }));
    expect(screen.getByRole("radio", { name: "Production" })).toBeChecked();
    expect(group).toBeInTheDocument();
  });

  it("still shows live after a reconnect, because the dock subscribes again", async () => {
    const r = await start();
    expect(subscribes(r)).toBe(1);
    await dropAndReconnect(r);
    await vi.waitFor(() => expect(r.store.getState().chat.loaded && r.client.getConnection().state).toBe("connected"));
    const runId = r.sim.startRun();
    r.sim.askAsync({ runId, itemId: "after", questions: [TARGET] });
    expect(await screen.findByRole("radiogroup", { name: TARGET.title })).toBeInTheDocument();
    expect(r.sim.activeRuns().map((run) => run.runId)).toEqual([runId]);
  });

  it("keeps a question it already shows through a reconnect: the gateway's recovery does not take it for a lost one", async () => {
    const r = await start();
    r.sim.askAsync({ itemId: "before", questions: [TARGET] });
    expect(await screen.findByRole("radiogroup", { name: TARGET.title })).toBeInTheDocument();
    await dropAndReconnect(r);
    // The recovery after the reconnect asked the gateway for its list again, and about anything it did not list.
    await vi.waitFor(() => expect(r.calls.filter((m) => m === "question.list").length).toBeGreaterThanOrEqual(2));
    await vi.advanceTimersByTimeAsync(100);
    expect(screen.getByRole("radiogroup", { name: TARGET.title })).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: /unavailable/i })).not.toBeInTheDocument();
    expect(r.calls).not.toContain("question.get");
  });
});
