import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defaultMessages } from "../../src/messages";
import { CHECKS, REGION, TARGET, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());

function lines(summary: HTMLElement) {
  return within(summary)
    .getAllByRole("listitem")
    .map((li) => li.textContent);
}

describe("Transcript summary", () => {
  it("keeps each full question with its answer, one line per question", async () => {
    await h.ask({ questions: [TARGET, CHECKS] });
    renderDock(h, { autoAdvanceMs: 0 });
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(screen.getByRole("button", { name: "Next" }));
    await h.user.click(screen.getByRole("checkbox", { name: "Lint" }));
    await h.user.type(screen.getByRole("textbox", { name: "Other" }), "Fuzzing");
    await h.user.click(screen.getByRole("button", { name: "Next" }));
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    const summary = await screen.findByRole("article", { name: /answered/i });
    expect(within(summary).getByText("Answered")).toBeInTheDocument();
    expect(lines(summary)).toEqual([`${TARGET.question}Production`, `${CHECKS.question}Lint, Fuzzing`]);
  });

  it("says an answer by a value it has no words for as it is, with the answer", async () => {
    const id = await h.ask({ questions: [REGION] });
    renderDock(h);
    await act(async () => h.sim.resolve(id, { region: ["Asia"] }, "8675309"));
    const summary = await screen.findByRole("article", { name: "Question, ended: 8675309" });
    expect(lines(summary)).toEqual([`${REGION.question}Asia`]);
  });

  it("says Answered elsewhere with the answer given elsewhere", async () => {
    const id = await h.ask({ questions: [REGION] });
    renderDock(h);
    await act(async () => h.sim.resolve(id, { region: ["Asia"] }, "control-ui:another-device"));
    const summary = await screen.findByRole("article", { name: /answered elsewhere/i });
    expect(lines(summary)).toEqual([`${REGION.question}Asia`]);
    expect(screen.queryByRole("region", { name: "Questions" })).not.toBeInTheDocument();
  });

  it("says Unavailable, keeping the wording, when a restarted gateway no longer knows the request", async () => {
    await h.ask({ questions: [REGION] });
    renderDock(h);
    await act(async () => h.sim.restart());
    await act(() => vi.advanceTimersByTimeAsync(35_000));
    const summary = await screen.findByRole("article", { name: /unavailable/i });
    expect(within(summary).getByText(REGION.question)).toBeInTheDocument();
  });

  it("keeps the typed answer of a question lost in a restart, with Copy", async () => {
    await h.ask({ questions: [{ ...REGION, isOther: true }] });
    renderDock(h);
    await h.user.type(screen.getByRole("textbox", { name: "Other" }), "Both, EU first");
    await act(async () => h.sim.restart());
    await act(() => vi.advanceTimersByTimeAsync(35_000));
    const summary = await screen.findByRole("article", { name: /unavailable/i });
    expect(within(summary).getByText("Your answer was not sent:")).toBeInTheDocument();
    expect(within(summary).getByText("Both, EU first")).toBeInTheDocument();
    await h.user.click(within(summary).getByRole("button", { name: "Copy answer" }));
    expect(await navigator.clipboard.readText()).toBe(`> ${REGION.question}\n\nBoth, EU first`);
    expect(within(summary).getByRole("status")).toHaveTextContent("Copied");
  });

  it("masks a secret answer", async () => {
    const secret = { questionId: "api_key", header: "Key", question: "Paste the staging key", options: [], isSecret: true, secretStore: { name: "STAGING_KEY", kind: "env" } };
    const id = await h.ask({ questions: [secret] });
    renderDock(h);
    const field = screen.getByLabelText("Other");
    expect(field).toHaveAttribute("type", "password");
    await h.user.type(field, "hunter2");
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    const summary = await screen.findByRole("article", { name: /answered/i });
    expect(within(summary).getByText(defaultMessages.secretMask)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent("hunter2");
    expect(h.gatewayRecord(id)?.status).toBe("answered");
  });

  it("is never evicted by time", async () => {
    const id = await h.ask({ questions: [TARGET] });
    renderDock(h);
    await act(async () => h.sim.cancel(id));
    await screen.findByRole("article", { name: /cancelled/i });
    await act(() => vi.advanceTimersByTimeAsync(60 * 60_000));
    expect(screen.getByRole("article", { name: /cancelled/i })).toBeInTheDocument();
  });

  it("says Skipped only when the person skipped it here", async () => {
    await h.ask({ questions: [TARGET] });
    renderDock(h);
    await h.user.click(screen.getByRole("button", { name: "Skip" }));
    const summary = await screen.findByRole("article", { name: "Question, skipped" });
    expect(lines(summary)).toEqual([`${TARGET.question}Skipped`]);
  });

  it.each([
    ["the agent's run was aborted", "run-abort", "Question, cancelled", "The agent's run was stopped."],
    ["the agent's run ended", "requester-inactive", "Question, cancelled", "The agent's run ended before an answer."],
    ["a newer message replaced the turn", "superseded-input", "Question, cancelled", "A newer message replaced the agent's turn."],
    ["nobody says who cancelled it", undefined, "Question, cancelled", undefined],
    ["the person replied with an image", "image-reply", "Question, cancelled", "A reply with an image took the question's place."],
    ["the agent stopped waiting", "wait-timeout", "Question, cancelled", "The agent stopped waiting for an answer."],
    ["the prompt could not be delivered", "prompt-delivery-failed", "Question, cancelled", "The question could not be delivered."],
    ["another Control UI page skipped it", "control-ui:phone", "Question, skipped elsewhere", undefined],
    ["a value the kit has no words for ended it", "12345", "Question, ended: 12345", undefined],
  ])("names a cancel the person did not make: %s", async (_case, resolvedBy, name, reason) => {
    const id = await h.ask({ questions: [TARGET] });
    renderDock(h);
    await act(async () => h.sim.cancel(id, resolvedBy));
    const summary = await screen.findByRole("article", { name });
    expect(within(summary).queryByText("Skipped")).not.toBeInTheDocument();
    if (reason) expect(within(summary).getByText(reason)).toBeInTheDocument();
    else expect(summary.querySelector(".qd-summary__reason")).toBeNull();
  });

  it("hands focus back to the composer when the last request is answered", async () => {
    await h.ask({ questions: [TARGET] });
    renderDock(h);
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByRole("article", { name: /answered/i });
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
  });
});
