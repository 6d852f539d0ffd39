import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHECKS, REGION, TARGET, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());

/** Lets the screen catch up: one animation frame (16 ms) passes, as it does between a person's deliberate presses. */
async function nextFrame() {
  await act(() => vi.advanceTimersByTimeAsync(20));
}

const review = () => screen.getByRole("group", { name: "Check your answers" });

describe("Ctrl+Enter pressed faster than the screen updates", () => {
  it("stops at the review step on a double press, and a later press submits", async () => {
    const id = await h.ask({ questions: [TARGET, REGION] });
    renderDock(h, { autoAdvanceMs: 0 });
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.keyboard("{Control>}{Enter}{/Control}");
    await h.user.click(screen.getByRole("radio", { name: "EU" }));

    await h.user.keyboard("{Control>}{Enter}{Enter}{/Control}");
    expect(review()).toBeInTheDocument();
    expect(review()).toHaveFocus();
    expect(screen.queryByText("Answered")).not.toBeInTheDocument();
    expect(h.gatewayRecord(id)?.status).toBe("pending");

    await nextFrame();
    await h.user.keyboard("{Control>}{Enter}{/Control}");
    await screen.findByText("Answered");
    expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Production"], region: ["EU"] } });
  });

  it("moves one step per press while questions remain", async () => {
    await h.ask({ questions: [TARGET, REGION, CHECKS] });
    renderDock(h, { autoAdvanceMs: 0 });
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.keyboard("{Control>}{Enter}{/Control}");
    await h.user.click(screen.getByRole("radio", { name: "EU" }));
    await h.user.click(screen.getByRole("button", { name: "Back" }));
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    // Both questions are answered, so only the second press's timing could carry it past question 2.
    await h.user.keyboard("{Control>}{Enter}{Enter}{/Control}");
    expect(screen.getByText("Question 2 of 3")).toBeInTheDocument();
    await nextFrame();
    await h.user.keyboard("{Control>}{Enter}{/Control}");
    expect(screen.getByText("Question 3 of 3")).toBeInTheDocument();
  });

  it("ignores a held chord's auto-repeat", async () => {
    const id = await h.ask({ questions: [TARGET, REGION] });
    renderDock(h, { autoAdvanceMs: 0 });
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.keyboard("{Control>}{Enter}{/Control}");
    await h.user.click(screen.getByRole("radio", { name: "EU" }));
    await h.user.keyboard("{Control>}{Enter}{/Control}");
    await nextFrame();
    fireEvent.keyDown(review(), { key: "Enter", ctrlKey: true, repeat: true });
    await nextFrame();
    expect(review()).toBeInTheDocument();
    expect(h.gatewayRecord(id)?.status).toBe("pending");
  });
});
