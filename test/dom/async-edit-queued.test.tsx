import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SimulatedGateway } from "../../src/simulated";
import { deMessages } from "../../src/messages/de";
import { renderPane, startAsyncDock, type StartedAsyncDock } from "./async-harness";

const NOTES = { title: "Anything else the agent should know?" };

let rig: StartedAsyncDock | undefined;
afterEach(() => {
  rig?.stop();
  rig = undefined;
});

const userTexts = (sim: SimulatedGateway) => sim.history().filter((m) => m.role === "user").map((m) => JSON.stringify(m));

/** An async answer typed while the agent works, so it waits in the outbox as "Answer queued". */
async function queuedAnswer(text: string) {
  rig = await startAsyncDock();
  renderPane(rig.store);
  const { sim, user } = rig;
  sim.askAsync({ questions: [NOTES] });
  const run = sim.startRun();
  await vi.advanceTimersByTimeAsync(50);
  await user.type(await screen.findByRole("textbox", { name: "Other" }), text);
  await user.click(screen.getByRole("button", { name: "Submit" }));
  await screen.findByText("Answer queued");
  const summary = screen.getByRole("article", { name: /Question, answered/ });
  return { sim, user, run, summary };
}

describe("Edit answer on a queued async answer", () => {
  it("reopens the queued text, and Save re-queues it: the gateway gets the edited text, once", async () => {
    const { sim, user, run, summary } = await queuedAnswer("wait for me");
    await user.click(within(summary).getByRole("button", { name: "Edit answer" }));
    const field = within(summary).getByRole("textbox", { name: "Your answer" });
    expect(field).toHaveFocus();
    expect(field).toHaveValue(`> ${NOTES.title}\n\nwait for me`);
    expect(within(summary).queryByRole("button", { name: "Discard" })).not.toBeInTheDocument();
    await user.clear(field);
    await user.type(field, "Ship on Friday instead");
    await user.click(within(summary).getByRole("button", { name: "Save" }));
    expect(within(summary).queryByRole("textbox", { name: "Your answer" })).not.toBeInTheDocument();
    expect(within(summary).getByRole("button", { name: "Edit answer" })).toHaveFocus();
    expect(within(summary).getByText("Ship on Friday instead")).toBeInTheDocument();
    expect(within(summary).getByRole("status")).toHaveTextContent("Answer queued");
    expect(userTexts(sim)).toHaveLength(0);
    sim.completeRun(run, "Done.");
    await vi.waitFor(() => expect(within(summary).getByRole("status")).toHaveTextContent("Answer sent"));
    const sent = userTexts(sim);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("Ship on Friday instead");
    expect(sent[0]).not.toContain("wait for me");
    expect(within(summary).queryByRole("button", { name: "Edit answer" })).not.toBeInTheDocument();
  });

  it("Cancel and Esc put the summary back as it was, focus on Edit answer; Save needs text", async () => {
    const { sim, user, run, summary } = await queuedAnswer("keep me");
    await user.click(within(summary).getByRole("button", { name: "Edit answer" }));
    await user.clear(within(summary).getByRole("textbox", { name: "Your answer" }));
    expect(within(summary).getByRole("button", { name: "Save" })).toHaveAttribute("aria-disabled", "true");
    await user.click(within(summary).getByRole("button", { name: "Save" }));
    expect(within(summary).getByRole("textbox", { name: "Your answer" })).toBeInTheDocument();
    await user.click(within(summary).getByRole("button", { name: "Cancel" }));
    expect(within(summary).getByRole("button", { name: "Edit answer" })).toHaveFocus();
    expect(within(summary).getByText("keep me")).toBeInTheDocument();
    // Keyboard only: Enter opens, typing changes the field, Esc leaves it unsaved.
    await user.keyboard("{Enter}");
    await user.keyboard(" and more");
    await user.keyboard("{Escape}");
    expect(within(summary).getByRole("button", { name: "Edit answer" })).toHaveFocus();
    expect(within(summary).queryByText(/and more/)).not.toBeInTheDocument();
    sim.completeRun(run, "Done.");
    await vi.waitFor(() => expect(userTexts(sim)).toHaveLength(1));
    expect(userTexts(sim)[0]).toContain("keep me");
    expect(userTexts(sim)[0]).not.toContain("and more");
  });

  it("Ctrl+Enter saves from the field", async () => {
    const { user, summary } = await queuedAnswer("first");
    await user.click(within(summary).getByRole("button", { name: "Edit answer" }));
    await user.keyboard(" second{Control>}{Enter}{/Control}");
    expect(within(summary).getByRole("button", { name: "Edit answer" })).toHaveFocus();
    expect(within(summary).getByText("first second")).toBeInTheDocument();
  });

  it("refuses an edit once the answer went out meanwhile, says so, and keeps the edited text to copy", async () => {
    const { sim, user, run, summary } = await queuedAnswer("the original");
    await user.click(within(summary).getByRole("button", { name: "Edit answer" }));
    await user.type(within(summary).getByRole("textbox", { name: "Your answer" }), " plus an edit");
    // The agent's run ends while the field is open: the queued answer is sent as it was.
    sim.completeRun(run, "Done.");
    await vi.waitFor(() => expect(userTexts(sim)).toHaveLength(1));
    await user.click(within(summary).getByRole("button", { name: "Save" }));
    expect(within(summary).getByRole("alert")).toHaveTextContent("Your answer had already gone out, so it was not changed.");
    const field = within(summary).getByRole("textbox", { name: "Your answer" });
    expect(field).toHaveValue(`> ${NOTES.title}\n\nthe original plus an edit`);
    expect(field).toHaveFocus();
    expect(within(summary).queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    await user.click(within(summary).getByRole("button", { name: "Cancel" }));
    expect(within(summary).queryByRole("button", { name: "Edit answer" })).not.toBeInTheDocument();
    expect(summary.contains(document.activeElement)).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(userTexts(sim)).toHaveLength(1);
    expect(userTexts(sim)[0]).not.toContain("plus an edit");
  });

  it("speaks German with locale de", async () => {
    rig = await startAsyncDock();
    renderPane(rig.store, { locale: "de", messages: deMessages });
    rig.sim.askAsync({ questions: [NOTES] });
    rig.sim.startRun();
    await vi.advanceTimersByTimeAsync(50);
    await rig.user.type(await screen.findByRole("textbox", { name: "Andere" }), "x");
    await rig.user.click(screen.getByRole("button", { name: "Senden" }));
    await rig.user.click(await screen.findByRole("button", { name: "Antwort bearbeiten" }));
    expect(screen.getByRole("textbox", { name: "Ihre Antwort" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Speichern" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Abbrechen" })).toBeInTheDocument();
  });
});
