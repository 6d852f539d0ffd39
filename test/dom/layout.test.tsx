import { act, render, renderHook, screen, within } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DockLayout, QuestionDock, QuestionDockProvider } from "../../src";
import { STACKED_MEDIA_QUERY } from "../../src/hooks/use-layout-mode";
import { useDockRoot, useOptionGroup, useQuestionStep } from "../../src";
import { CHECKS, REGION, TARGET, dock, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
afterEach(() => {
  h.stop();
  vi.unstubAllGlobals();
});

/** jsdom has no matchMedia; this stands in for a browser whose screen matches `matching`. */
function stubScreen(matching: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: matching && query === STACKED_MEDIA_QUERY,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

describe("Layouts", () => {
  it("stacked shows every question as a card, with one Submit", async () => {
    h = await startDock();
    const id = await h.ask({ questions: [TARGET, REGION, CHECKS] });
    renderDock(h, { layout: "stacked" });
    expect(screen.getByRole("radiogroup", { name: TARGET.question })).toBeInTheDocument();
    expect(screen.getByRole("radiogroup", { name: REGION.question })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: CHECKS.question })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Next" })).not.toBeInTheDocument();
    expect(screen.getAllByRole("textbox", { name: "Other" })).toHaveLength(3);
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(screen.getByRole("radio", { name: "EU" }));
    await h.user.click(screen.getByRole("checkbox", { name: "E2E" }));
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByRole("article", { name: /answered/i });
    expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Production"], region: ["EU"], checks: ["E2E"] } });
  });

  it("stacked digits act on the card that holds focus", async () => {
    h = await startDock();
    await h.ask({ questions: [TARGET, REGION] });
    renderDock(h, { layout: "stacked" });
    screen.getByRole("radio", { name: "EU" }).focus();
    await h.user.keyboard("3");
    expect(screen.getByRole("radio", { name: "Asia" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Staging (Recommended)" })).not.toBeChecked();
  });

  it("auto picks stacked on narrow or coarse-pointer screens", async () => {
    stubScreen(true);
    h = await startDock();
    await h.ask({ questions: [TARGET, REGION] });
    renderDock(h, { layout: "auto" });
    expect(dock()).toHaveAttribute("data-layout", "stacked");
    expect(screen.getByRole("radiogroup", { name: REGION.question })).toBeInTheDocument();
  });

  it("auto picks the stepper elsewhere", async () => {
    stubScreen(false);
    h = await startDock();
    await h.ask({ questions: [TARGET, REGION] });
    renderDock(h, { layout: "auto" });
    expect(dock()).toHaveAttribute("data-layout", "stepper");
    expect(screen.queryByRole("radiogroup", { name: REGION.question })).not.toBeInTheDocument();
  });
});

describe("Placement", () => {
  it("keeps the dock and its draft when a plugin replaces the composer", async () => {
    h = await startDock();
    await h.ask({ questions: [TARGET] });
    const page = (composer: ReactNode) => (
      <QuestionDockProvider store={h.store}>
        <DockLayout dock={<QuestionDock layout="stepper" />} composer={composer} />
      </QuestionDockProvider>
    );
    const { rerender } = render(page(<textarea aria-label="Message" />));
    await h.user.type(screen.getByRole("textbox", { name: "Other" }), "Canary");
    rerender(page(<div contentEditable aria-label="Plugin composer" role="textbox" tabIndex={0} />));
    expect(screen.getByRole("textbox", { name: "Plugin composer" })).toBeInTheDocument();
    expect(within(dock()).getByRole("textbox", { name: "Other" })).toHaveValue("Canary");
    await h.user.keyboard("{Escape}");
    expect(screen.getByRole("textbox", { name: "Plugin composer" })).toHaveFocus();
  });

  it("focuses a composer given by ref, without a layout", async () => {
    h = await startDock();
    await h.ask({ questions: [TARGET] });
    const ref = { current: null as HTMLTextAreaElement | null };
    render(
      <QuestionDockProvider store={h.store}>
        <QuestionDock layout="stepper" composerRef={ref} />
        <textarea aria-label="Message" ref={(el) => void (ref.current = el)} />
      </QuestionDockProvider>,
    );
    await h.user.click(screen.getByRole("button", { name: "Collapse questions" }));
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
  });

  it("takes the provider's theme", async () => {
    h = await startDock();
    await h.ask({ questions: [TARGET] });
    render(
      <QuestionDockProvider store={h.store} theme="dark">
        <QuestionDock />
      </QuestionDockProvider>,
    );
    expect(dock()).toHaveAttribute("data-theme", "dark");
  });

  it("tells a host still passing theme to QuestionDock, in plain JavaScript, where it went", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    h = await startDock();
    await h.ask({ questions: [TARGET] });
    const legacy = { theme: "dark" } as Record<string, unknown>;
    render(
      <QuestionDockProvider store={h.store}>
        <QuestionDock {...legacy} />
      </QuestionDockProvider>,
    );
    expect(dock()).not.toHaveAttribute("data-theme");
    expect(warn.mock.calls.flat().join("\n")).toContain('QuestionDock no longer takes "theme": pass it to QuestionDockProvider');
    warn.mockRestore();
  });
});

describe("A calm clock", () => {
  it("re-renders only the clock each second, not the dock's hooks", async () => {
    h = await startDock();
    const id = await h.ask({ questions: [TARGET, REGION], timeoutMs: 120_000 });
    renderDock(h);
    let renders = 0;
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QuestionDockProvider, { store: h.store }, children);
    renderHook(
      () => {
        renders += 1;
        return [useDockRoot({ layout: "stepper" }), useQuestionStep(id), useOptionGroup(id, "target")];
      },
      { wrapper },
    );
    const before = renders;
    const clock = within(dock()).getByText(/^0[12]:\d\d$/);
    const shown = clock.textContent;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(clock.textContent).not.toBe(shown);
    expect(renders).toBe(before);
  });
});
