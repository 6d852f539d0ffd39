import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHECKS, REGION, TARGET, dock, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());

describe("Stepper", () => {
  it("shows one question at a time with progress as text", async () => {
    await h.ask({ questions: [TARGET, REGION, CHECKS] });
    renderDock(h);
    expect(within(dock()).getByText("Question 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("radiogroup", { name: TARGET.question })).toBeInTheDocument();
    expect(screen.queryByRole("radiogroup", { name: REGION.question })).not.toBeInTheDocument();
    expect(screen.queryByRole("group", { name: CHECKS.question })).not.toBeInTheDocument();
  });

  it("reads Next on question steps, and Back returns to the previous question with its choice", async () => {
    await h.ask({ questions: [TARGET, REGION] });
    renderDock(h, { autoAdvanceMs: 0 });
    expect(screen.queryByRole("button", { name: "Back" })).not.toBeInTheDocument();
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Question 2 of 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeInTheDocument();
    await h.user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByText("Question 1 of 2")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Production" })).toBeChecked();
  });

  it("keeps Next unavailable until the question has an answer", async () => {
    await h.ask({ questions: [TARGET, REGION] });
    renderDock(h);
    const next = screen.getByRole("button", { name: "Next" });
    expect(next).toHaveAttribute("aria-disabled", "true");
    await h.user.click(next);
    expect(screen.getByText("Question 1 of 2")).toBeInTheDocument();
  });

  it("jumps to a question from its progress segment", async () => {
    await h.ask({ questions: [TARGET, REGION, CHECKS] });
    renderDock(h);
    await h.user.click(screen.getByRole("button", { name: /^Question 3: Checks/ }));
    expect(screen.getByText("Question 3 of 3")).toBeInTheDocument();
    expect(screen.getByRole("group", { name: CHECKS.question })).toBeInTheDocument();
  });

  it("shows no stepper chrome for a single question: no progress, no Back, and Submit", async () => {
    await h.ask({ questions: [TARGET] });
    renderDock(h);
    expect(screen.queryByText(/Question 1 of 1/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Question 1/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Back" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Next" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Submit" })).toBeInTheDocument();
    expect(screen.queryByText(/Check your answers/)).not.toBeInTheDocument();
  });

  it("submits a single question with exactly the chosen answer", async () => {
    const id = await h.ask({ questions: [TARGET] });
    renderDock(h);
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("Answered");
    expect(h.gatewayRecord(id)).toMatchObject({ status: "answered", answers: { answers: { target: ["Production"] } } });
    expect(screen.queryByRole("region", { name: "Questions" })).not.toBeInTheDocument();
  });
});

describe("Review step", () => {
  it("lists every answer before the final Submit, and sends them all", async () => {
    const id = await h.ask({ questions: [TARGET, REGION, CHECKS] });
    renderDock(h, { autoAdvanceMs: 0 });
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(screen.getByRole("button", { name: "Next" }));
    await h.user.click(screen.getByRole("radio", { name: "US" }));
    await h.user.click(screen.getByRole("button", { name: "Next" }));
    await h.user.click(screen.getByRole("checkbox", { name: "Lint" }));
    await h.user.click(screen.getByRole("checkbox", { name: "E2E" }));
    await h.user.click(screen.getByRole("button", { name: "Next" }));

    const review = screen.getByRole("group", { name: "Check your answers" });
    const items = within(review).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      `${TARGET.question}ProductionEdit`,
      `${REGION.question}USEdit`,
      `${CHECKS.question}Lint, E2EEdit`,
    ]);
    expect(screen.getByRole("button", { name: "Submit" })).toBeInTheDocument();
    expect(h.gatewayRecord(id)?.status).toBe("pending");

    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("Answered");
    expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Production"], region: ["US"], checks: ["Lint", "E2E"] } });
  });

  it("jumps back to a question from its Edit button", async () => {
    await h.ask({ questions: [TARGET, REGION] });
    renderDock(h, { autoAdvanceMs: 0 });
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(screen.getByRole("button", { name: "Next" }));
    await h.user.click(screen.getByRole("radio", { name: "EU" }));
    await h.user.click(screen.getByRole("button", { name: "Next" }));
    await h.user.click(screen.getByRole("button", { name: `Edit: ${TARGET.question}` }));
    expect(screen.getByText("Question 1 of 2")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Production" })).toBeChecked();
  });
});
