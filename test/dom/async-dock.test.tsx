import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SimulatedGateway } from "../../src/simulated";
import { renderPane, startAsyncDock, type StartedAsyncDock } from "./async-harness";

const BRANCH = { title: "Which branch should the fix land on?", options: ["main", "release"] };
const NOTES = { title: "Anything else the agent should know?" };

let rig: StartedAsyncDock | undefined;

/** A page of `panes` docks on one set of conversation services, each pane its own region. */
async function start(panes = 1): Promise<StartedAsyncDock> {
  rig = await startAsyncDock();
  const stores = [rig.store, ...Array.from({ length: panes - 1 }, () => rig!.addPane())];
  stores.forEach((store, i) => renderPane(store, { name: `Pane ${i + 1}` }));
  return rig;
}

afterEach(() => {
  rig?.stop();
  rig = undefined;
});

const userMessages = (sim: SimulatedGateway) => sim.history().filter((m) => m.role === "user");
const pane = (n: number) => within(screen.getByRole("region", { name: `Pane ${n}` }));

describe("Async questions", () => {
  it("open in the dock without taking focus from the composer", async () => {
    const { sim, user } = await start();
    await user.click(screen.getByRole("textbox", { name: "Message" }));
    await user.keyboard("half a sentence");
    sim.askAsync({ questions: [BRANCH] });
    expect(await screen.findByRole("radiogroup", { name: BRANCH.title })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("half a sentence");
  });

  it("sends the answer once, as a chat reply linked to the question, and confirms it from the history", async () => {
    const { sim, user } = await start();
    const { itemId } = sim.askAsync({ questions: [BRANCH, NOTES] });
    await user.click(await screen.findByRole("radio", { name: "release" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.type(screen.getByRole("textbox", { name: "Other" }), "Ship it today");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(screen.getByText("Answer sent")).toBeInTheDocument());
    const sent = userMessages(sim);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).toContain(`> ${BRANCH.title}\\n\\nrelease\\n\\n> ${NOTES.title}\\n\\nShip it today`);
    const source = sim.history().find((m) => JSON.stringify(m).includes(itemId));
    expect(JSON.stringify(sent[0])).toContain(JSON.stringify((source as { __openclaw?: { id?: string } }).__openclaw?.id));
    expect(screen.queryByRole("radiogroup")).not.toBeInTheDocument();
  });

  it("gives way to a new blocking question and stays reachable through the request arrows", async () => {
    const { sim, user } = await start();
    sim.askAsync({ questions: [BRANCH] });
    await screen.findByRole("radiogroup", { name: BRANCH.title });
    sim.ask({ questions: [{ questionId: "target", header: "Deploy", question: "Deploy where?", options: [{ label: "Staging" }, { label: "Production" }] }] });
    expect(await screen.findByRole("radiogroup", { name: "Deploy where?" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Previous request" }));
    expect(screen.getByRole("radiogroup", { name: BRANCH.title })).toBeInTheDocument();
  });

  it("leaves the dock when a later run completes, and Answer reopens it with its draft", async () => {
    const { sim, user } = await start();
    sim.askAsync({ questions: [BRANCH] });
    await screen.findByRole("radiogroup", { name: BRANCH.title });
    // A failed later run does not retire it.
    sim.startRun();
    sim.failRun();
    await vi.advanceTimersByTimeAsync(50);
    expect(screen.getByRole("radiogroup", { name: BRANCH.title })).toBeInTheDocument();
    sim.startRun();
    sim.completeRun(undefined, "Done.");
    expect(await screen.findByRole("article", { name: "Question, no longer pending" })).toBeInTheDocument();
    expect(screen.queryByRole("radiogroup")).not.toBeInTheDocument();
    expect(userMessages(sim)).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Answer" }));
    expect(await screen.findByRole("radiogroup", { name: BRANCH.title })).toBeInTheDocument();
  });

  it("retires a question the person typed into when a later run completes; the draft stays with it and Answer reopens it", async () => {
    const { sim, user } = await start();
    sim.askAsync({ questions: [NOTES] });
    await user.type(await screen.findByRole("textbox", { name: "Other" }), "my draft");
    sim.startRun();
    sim.completeRun(undefined, "Done.");
    const summary = await screen.findByRole("article", { name: "Question, no longer pending" });
    expect(screen.queryByRole("textbox", { name: "Other" })).not.toBeInTheDocument();
    expect(within(summary).getByText("my draft")).toBeInTheDocument();
    expect(userMessages(sim)).toHaveLength(0);
    await user.click(within(summary).getByRole("button", { name: "Answer" }));
    expect(await screen.findByRole("textbox", { name: "Other" })).toHaveValue("my draft");
  });

  it("keeps a typed question in the dock through a later run that fails or is aborted", async () => {
    const { sim, user } = await start();
    sim.askAsync({ questions: [NOTES] });
    await user.type(await screen.findByRole("textbox", { name: "Other" }), "my draft");
    const failing = sim.startRun();
    sim.failRun(failing, "The model broke.");
    const aborted = sim.startRun();
    sim.streamRun(aborted, "Half");
    sim.abortRun(aborted);
    // Wait until the conversation has read both endings, not for time.
    await vi.waitFor(() => expect(rig!.store.getState().chat.messages.some((m) => m.aborted)).toBe(true));
    await vi.waitFor(() => expect(rig!.store.getState().chat.messages.some((m) => m.stopReason === "error")).toBe(true));
    expect(screen.getByRole("textbox", { name: "Other" })).toHaveValue("my draft");
    expect(screen.queryByRole("article", { name: "Question, no longer pending" })).not.toBeInTheDocument();
  });

  it("skips without sending anything and keeps a summary", async () => {
    const { sim, user } = await start();
    sim.askAsync({ questions: [BRANCH] });
    await screen.findByRole("radiogroup", { name: BRANCH.title });
    await user.type(screen.getByRole("textbox", { name: "Other" }), "half an answer");
    await user.click(screen.getByRole("button", { name: "Skip" }));
    const summary = await screen.findByRole("article", { name: "Question, skipped" });
    expect(within(summary).getByText(BRANCH.title)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(100);
    expect(userMessages(sim)).toHaveLength(0);
    await user.click(within(summary).getByRole("button", { name: "Answer" }));
    expect(await screen.findByRole("textbox", { name: "Other" })).toHaveValue("half an answer");
  });

  it("queues while the agent is busy, and Discard reopens the draft in every open pane", async () => {
    const { sim, user } = await start(2);
    sim.askAsync({ questions: [NOTES] });
    const other = await pane(1).findByRole("textbox", { name: "Other" });
    // The agent goes on working: an answer now has to wait for the run to go idle.
    const run = sim.startRun();
    await vi.advanceTimersByTimeAsync(50);
    await user.type(other, "wait for me");
    await user.click(pane(1).getByRole("button", { name: "Submit" }));
    expect(await pane(1).findByText("Answer queued")).toBeInTheDocument();
    expect(await pane(2).findByText("Answer queued")).toBeInTheDocument();
    await user.click(pane(2).getByRole("button", { name: "Discard" }));

    expect(await pane(1).findByRole("textbox", { name: "Other" })).toHaveValue("wait for me");
    expect(await pane(2).findByRole("textbox", { name: "Other" })).toHaveValue("wait for me");
    sim.completeRun(run, "Done.");
    await vi.advanceTimersByTimeAsync(500);
    expect(userMessages(sim)).toHaveLength(0);
  });

  it("retires a question whose queued answer was discarded once a later run completes, keeping the reopened draft", async () => {
    const { sim, user } = await start();
    sim.askAsync({ questions: [NOTES] });
    const other = await screen.findByRole("textbox", { name: "Other" });
    const busy = sim.startRun();
    await vi.advanceTimersByTimeAsync(50);
    await user.type(other, "wait for me");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await user.click(await screen.findByRole("button", { name: "Discard" }));
    expect(await screen.findByRole("textbox", { name: "Other" })).toHaveValue("wait for me");
    sim.completeRun(busy, "Done.");
    sim.startRun();
    sim.completeRun(undefined, "Done again.");
    const summary = await screen.findByRole("article", { name: "Question, no longer pending" });
    expect(screen.queryByRole("textbox", { name: "Other" })).not.toBeInTheDocument();
    expect(within(summary).getByText("wait for me")).toBeInTheDocument();
    expect(userMessages(sim)).toHaveLength(0);
  });
});
