import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { axe } from "vitest-axe";
import { QuestionDock, QuestionDockProvider } from "../../src";
import { CHECKS, REGION, TARGET, renderDock, startDock, type DockHarness } from "./dock-harness";

// jsdom cannot compute colours; contrast is checked in Chromium instead.
const check = (el: Element) => axe(el, { rules: { "color-contrast": { enabled: false } } });

describe("Accessibility (axe)", () => {
  let h: DockHarness;
  beforeEach(async () => {
    h = await startDock();
  });
  afterEach(() => h.stop());

  it("has no violations on a single question", async () => {
    await h.ask({ questions: [{ ...TARGET, url: "https://docs.example.com/deploy" }] });
    const { container } = renderDock(h);
    expect(await check(container)).toHaveNoViolations();
  });

  it("has no violations on a stepper step with several requests", async () => {
    await h.ask({ questions: [TARGET] });
    await h.ask({ questions: [CHECKS, REGION] });
    const { container } = renderDock(h);
    expect(await check(container)).toHaveNoViolations();
  });

  it("has no violations on the review step and after an answer", async () => {
    await h.ask({ questions: [TARGET, REGION] });
    const { container } = renderDock(h, { autoAdvanceMs: 0 });
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(screen.getByRole("button", { name: "Next" }));
    await h.user.click(screen.getByRole("radio", { name: "US" }));
    await h.user.click(screen.getByRole("button", { name: "Next" }));
    expect(await check(container)).toHaveNoViolations();
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByRole("article", { name: /answered/i });
    expect(await check(container)).toHaveNoViolations();
  });

  it("has no violations collapsed and stacked", async () => {
    await h.ask({ questions: [TARGET, CHECKS] });
    const { container, unmount } = renderDock(h, { layout: "stacked" });
    expect(await check(container)).toHaveNoViolations();
    await h.user.click(screen.getByRole("button", { name: "Collapse questions" }));
    expect(await check(container)).toHaveNoViolations();
    unmount();
  });
});

describe("Provider", () => {
  it("explains a missing provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<QuestionDock />)).toThrow(/QuestionDockProvider/);
    vi.restoreAllMocks();
  });

  it("renders nothing but its live region while no request waits", async () => {
    const h = await startDock();
    render(
      <QuestionDockProvider store={h.store}>
        <QuestionDock />
      </QuestionDockProvider>,
    );
    expect(screen.queryByRole("region", { name: "Questions" })).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toBeInTheDocument();
    h.stop();
  });
});
