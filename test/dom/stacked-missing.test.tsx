import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { deMessages } from "../../src/messages/de";
import { CHECKS, REGION, TARGET, dock, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
afterEach(() => h.stop());

const NO_HEADER = { ...REGION, questionId: "zone", header: "", question: "Which zone?" };

describe("Stacked cards with questions left open", () => {
  it("an early Submit names the open questions by header, sends nothing, and moves focus into the first", async () => {
    h = await startDock();
    const id = await h.ask({ questions: [TARGET, REGION, CHECKS] });
    renderDock(h, { layout: "stacked" });
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    const submit = screen.getByRole("button", { name: "Submit" });
    expect(submit).toHaveAttribute("aria-disabled", "true");
    await h.user.click(submit);
    expect(screen.getByRole("alert")).toHaveTextContent("Still to answer: Region, Checks.");
    expect(screen.queryByText(/Answer every question/)).not.toBeInTheDocument();
    // Radix's roving focus: the group is entered at its first radio while none is chosen.
    expect(screen.getByRole("radio", { name: "EU" })).toHaveFocus();
    expect(h.gatewayRecord(id)?.status).toBe("pending");
  });

  it("keeps the list current, and Go to moves focus into the next open question's group", async () => {
    h = await startDock();
    await h.ask({ questions: [TARGET, REGION, CHECKS] });
    renderDock(h, { layout: "stacked" });
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Still to answer: Deploy, Region, Checks.");
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(screen.getByRole("radio", { name: "US" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Still to answer: Checks.");
    await h.user.click(screen.getByRole("button", { name: "Go to Checks" }));
    const checks = screen.getByRole("group", { name: CHECKS.question });
    expect(within(checks).getByRole("checkbox", { name: "Lint" })).toHaveFocus();
    await h.user.keyboard(" ");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Submit" })).not.toHaveAttribute("aria-disabled");
  });

  it("works from the keyboard alone: Ctrl+Enter names what is open and focuses it; answered, it submits", async () => {
    h = await startDock();
    const id = await h.ask({ questions: [TARGET, REGION] });
    renderDock(h, { layout: "stacked" });
    screen.getByRole("radio", { name: "Staging (Recommended)" }).focus();
    await h.user.keyboard("{Control>}{Enter}{/Control}");
    expect(screen.getByRole("alert")).toHaveTextContent("Still to answer: Deploy, Region.");
    expect(screen.getByRole("radio", { name: "Staging (Recommended)" })).toHaveFocus();
    await h.user.keyboard("2");
    await h.user.keyboard("{Control>}{Enter}{/Control}");
    expect(screen.getByRole("alert")).toHaveTextContent("Still to answer: Region.");
    expect(screen.getByRole("radio", { name: "EU" })).toHaveFocus();
    await h.user.keyboard("1{Control>}{Enter}{/Control}");
    await screen.findByRole("article", { name: /answered/i });
    expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Production"], region: ["EU"] } });
  });

  it("names a question without a header by its place, in the locale's words", async () => {
    h = await startDock();
    await h.ask({ questions: [TARGET, NO_HEADER] });
    renderDock(h, { layout: "stacked" });
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(within(dock()).getByRole("button", { name: "Submit" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Still to answer: question 2.");
    expect(screen.getByRole("button", { name: "Go to question 2" })).toBeInTheDocument();
    expect(deMessages.missingAnswers.text({ questions: "Region, Frage 2" })).toBe("Noch ohne Antwort: Region, Frage 2.");
  });

  it("leaves the stepper as it was: an unready Next does nothing", async () => {
    h = await startDock();
    await h.ask({ questions: [TARGET, REGION] });
    renderDock(h, { layout: "stepper" });
    await h.user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByText("Question 1 of 2")).toBeInTheDocument();
  });
});
