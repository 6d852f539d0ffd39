import { act, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QuestionLink } from "../../src/components/QuestionParts";
import { AUTO_ADVANCE_DELAY_MS } from "../../src/hooks/use-auto-advance";
import { CHECKS, REGION, TARGET, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());

describe("Options", () => {
  it("names a single-select group by its question and each radio by its label", async () => {
    await h.ask({ questions: [TARGET] });
    renderDock(h);
    const group = screen.getByRole("radiogroup", { name: TARGET.question });
    expect(within(group).getAllByRole("radio")).toHaveLength(2);
    expect(within(group).getByRole("radio", { name: "Staging (Recommended)" })).toBeInTheDocument();
    expect(within(group).getByRole("radio", { name: "Production" })).toHaveAccessibleDescription("Live users see it");
  });

  it("shows each option's label, description and number hint, and marks the recommended one", async () => {
    await h.ask({ questions: [TARGET] });
    renderDock(h);
    const staging = screen.getByRole("radio", { name: "Staging (Recommended)" });
    const production = screen.getByRole("radio", { name: "Production" });
    // The description sits beside the control, as its accessible description, not inside its name or its click target.
    expect(staging).toHaveAccessibleDescription("Safe to try first");
    expect(staging).not.toHaveTextContent("Safe to try first");
    expect(screen.getByText("Safe to try first")).toBeVisible();
    expect(within(staging).getByText("1").tagName).toBe("KBD");
    expect(within(production).getByText("2").tagName).toBe("KBD");
    expect(staging).toHaveAttribute("data-recommended");
    expect(within(staging).getByText("(Recommended)")).toHaveClass("qd-badge");
    expect(production).not.toHaveAttribute("data-recommended");
  });

  it("uses a checkbox group named by the question for multi-select, and toggles", async () => {
    const id = await h.ask({ questions: [CHECKS] });
    renderDock(h);
    const group = screen.getByRole("group", { name: CHECKS.question });
    await h.user.click(within(group).getByRole("checkbox", { name: "Lint" }));
    await h.user.click(within(group).getByRole("checkbox", { name: "E2E" }));
    await h.user.click(within(group).getByRole("checkbox", { name: "Lint" }));
    expect(screen.getByRole("checkbox", { name: "Lint" })).not.toBeChecked();
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("Answered");
    expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { checks: ["E2E"] } });
  });
});

describe("Picking moves on", () => {
  it("advances a short, visible moment after a click on a single-select option", async () => {
    await h.ask({ questions: [TARGET, REGION] });
    renderDock(h);
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    expect(screen.getByRole("radio", { name: "Production" })).toBeChecked();
    await act(() => vi.advanceTimersByTimeAsync(AUTO_ADVANCE_DELAY_MS - 60));
    expect(screen.getByText("Question 1 of 2")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(screen.getByText("Question 2 of 2")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "EU" })).toHaveFocus();
  });

  it("advances from the last question to the review step but never submits", async () => {
    const id = await h.ask({ questions: [TARGET, REGION] });
    renderDock(h);
    await h.user.click(screen.getByRole("button", { name: /^Question 2: Region/ }));
    await h.user.click(screen.getByRole("radio", { name: "Asia" }));
    await act(() => vi.advanceTimersByTimeAsync(AUTO_ADVANCE_DELAY_MS));
    expect(screen.getByRole("group", { name: "Check your answers" })).toBeInTheDocument();
    expect(h.gatewayRecord(id)?.status).toBe("pending");
  });

  it("only selects on a single-question prompt", async () => {
    const id = await h.ask({ questions: [TARGET] });
    renderDock(h);
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await act(() => vi.advanceTimersByTimeAsync(AUTO_ADVANCE_DELAY_MS * 4));
    expect(screen.getByRole("radio", { name: "Production" })).toBeChecked();
    expect(h.gatewayRecord(id)?.status).toBe("pending");
  });

  it("does not advance a multi-select question on a toggle", async () => {
    await h.ask({ questions: [CHECKS, TARGET] });
    renderDock(h);
    await h.user.click(screen.getByRole("checkbox", { name: "Lint" }));
    await act(() => vi.advanceTimersByTimeAsync(AUTO_ADVANCE_DELAY_MS * 4));
    expect(screen.getByText("Question 1 of 2")).toBeInTheDocument();
  });
});

describe("Other", () => {
  it("is a textbox named Other where plain Enter adds a line", async () => {
    await h.ask({ questions: [TARGET] });
    renderDock(h);
    const other = screen.getByRole("textbox", { name: "Other" });
    await h.user.type(other, "first{Enter}second");
    expect(other).toHaveValue("first\nsecond");
  });

  it("clears a single-select choice when typing, and sends the typed text", async () => {
    const id = await h.ask({ questions: [TARGET] });
    renderDock(h);
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.type(screen.getByRole("textbox", { name: "Other" }), "Canary");
    expect(screen.getByRole("radio", { name: "Production" })).not.toBeChecked();
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("Answered");
    expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Canary"] } });
  });

  it("adds the typed text to a multi-select answer", async () => {
    const id = await h.ask({ questions: [CHECKS] });
    renderDock(h);
    await h.user.click(screen.getByRole("checkbox", { name: "Unit tests" }));
    await h.user.type(screen.getByRole("textbox", { name: "Other" }), "Fuzzing");
    expect(screen.getByRole("checkbox", { name: "Unit tests" })).toBeChecked();
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("Answered");
    expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { checks: ["Unit tests", "Fuzzing"] } });
  });

  it("is absent when the question does not accept free text", async () => {
    await h.ask({ questions: [{ ...TARGET, isOther: false }] });
    renderDock(h);
    expect(screen.getByRole("radiogroup", { name: TARGET.question })).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Other" })).not.toBeInTheDocument();
  });
});

describe("Untrusted text", () => {
  it("renders markup from the agent as plain text", async () => {
    const markup = '<img src=x onerror="window.__pwned=1">Pick <b>one</b>';
    await h.ask({ questions: [{ ...TARGET, question: markup, options: [{ label: "<script>x</script>" }, { label: "B" }] }] });
    const { container } = renderDock(h);
    expect(screen.getByRole("radiogroup", { name: markup })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "<script>x</script>" })).toBeInTheDocument();
    expect(container.querySelector("img, b, script")).toBeNull();
  });

  it("links a question's http(s) url in a new tab without opener", async () => {
    await h.ask({ questions: [{ ...TARGET, url: "https://docs.example.com/deploy" }] });
    renderDock(h);
    const link = screen.getByRole("link", { name: /docs\.example\.com\/deploy/ });
    expect(link).toHaveAttribute("href", "https://docs.example.com/deploy");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("shows no link for a url that is not http(s), even when a record carries one", async () => {
    const now = Date.now();
    h.sim.broadcast("question.requested", {
      id: "hostile",
      sessionKey: "agent:main:main",
      questions: [{ ...TARGET, isOther: true, url: "javascript:alert(1)" }],
      createdAtMs: now,
      expiresAtMs: now + 60_000,
      status: "pending",
    });
    renderDock(h);
    expect(await screen.findByRole("radiogroup", { name: TARGET.question })).toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    render(<QuestionLink url="javascript:alert(1)" />);
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });
});
