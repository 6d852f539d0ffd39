import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTO_ADVANCE_DELAY_MS } from "../../src/hooks/use-auto-advance";
import { CHECKS, REGION, TARGET, dock, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());

/** Clicks a quiet spot of the prompt so focus sits on the panel itself. */
async function focusPanel() {
  await h.user.click(screen.getByRole("heading", { name: TARGET.question }));
}

describe("Keyboard interactions", () => {
  describe("Digit keys", () => {
    it("picks option N, then moves on", async () => {
      await h.ask({ questions: [TARGET, REGION] });
      renderDock(h);
      await focusPanel();
      await h.user.keyboard("2");
      expect(screen.getByRole("radio", { name: "Production" })).toBeChecked();
      await act(() => vi.advanceTimersByTimeAsync(AUTO_ADVANCE_DELAY_MS));
      expect(screen.getByText("Question 2 of 2")).toBeInTheDocument();
      await h.user.keyboard("3");
      expect(screen.getByRole("radio", { name: "Asia" })).toBeChecked();
    });

    it("toggles options in multi-select", async () => {
      await h.ask({ questions: [CHECKS] });
      renderDock(h);
      await h.user.click(screen.getByRole("checkbox", { name: "Lint" }));
      await h.user.keyboard("3");
      expect(screen.getByRole("checkbox", { name: "E2E" })).toBeChecked();
      await h.user.keyboard("1");
      expect(screen.getByRole("checkbox", { name: "Lint" })).not.toBeChecked();
    });

    it("focuses Other with digit N+1 without typing the digit", async () => {
      await h.ask({ questions: [TARGET] });
      renderDock(h);
      await focusPanel();
      await h.user.keyboard("3");
      const other = screen.getByRole("textbox", { name: "Other" });
      expect(other).toHaveFocus();
      expect(other).toHaveValue("");
    });

    it("keeps a digit typed into Other as text", async () => {
      await h.ask({ questions: [TARGET] });
      renderDock(h);
      await h.user.type(screen.getByRole("textbox", { name: "Other" }), "1 or 2");
      expect(screen.getByRole("textbox", { name: "Other" })).toHaveValue("1 or 2");
      expect(screen.getByRole("radio", { name: "Staging (Recommended)" })).not.toBeChecked();
      expect(screen.getByRole("radio", { name: "Production" })).not.toBeChecked();
    });

    it("ignores a digit with Ctrl, Alt or Meta held", async () => {
      await h.ask({ questions: [TARGET] });
      renderDock(h);
      await focusPanel();
      await h.user.keyboard("{Control>}1{/Control}{Alt>}1{/Alt}{Meta>}2{/Meta}");
      expect(screen.getByRole("radio", { name: "Staging (Recommended)" })).not.toBeChecked();
      expect(screen.getByRole("radio", { name: "Production" })).not.toBeChecked();
    });

    it("ignores digits while an input method composes", async () => {
      await h.ask({ questions: [TARGET] });
      renderDock(h);
      const radio = screen.getByRole("radio", { name: "Production" });
      fireEvent.keyDown(radio, { key: "1", isComposing: true });
      fireEvent.keyDown(radio, { key: "1", keyCode: 229 });
      expect(screen.getByRole("radio", { name: "Staging (Recommended)" })).not.toBeChecked();
      fireEvent.keyDown(radio, { key: "1" });
      expect(screen.getByRole("radio", { name: "Staging (Recommended)" })).toBeChecked();
    });
  });

  describe("Ctrl+Enter and Cmd+Enter", () => {
    it("continues from the panel", async () => {
      await h.ask({ questions: [TARGET, REGION] });
      renderDock(h, { autoAdvanceMs: 0 });
      await h.user.click(screen.getByRole("radio", { name: "Production" }));
      await focusPanel();
      await h.user.keyboard("{Control>}{Enter}{/Control}");
      expect(screen.getByText("Question 2 of 2")).toBeInTheDocument();
    });

    it("continues from a choice, with Meta", async () => {
      await h.ask({ questions: [TARGET, REGION] });
      renderDock(h, { autoAdvanceMs: 0 });
      await h.user.click(screen.getByRole("radio", { name: "Production" }));
      expect(screen.getByRole("radio", { name: "Production" })).toHaveFocus();
      await h.user.keyboard("{Meta>}{Enter}{/Meta}");
      expect(screen.getByText("Question 2 of 2")).toBeInTheDocument();
    });

    it("submits from the answer field on the last step", async () => {
      const id = await h.ask({ questions: [TARGET] });
      renderDock(h);
      await h.user.type(screen.getByRole("textbox", { name: "Other" }), "Canary{Control>}{Enter}{/Control}");
      await screen.findByText("Answered");
      expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Canary"] } });
    });

    it("submits from the review step", async () => {
      const id = await h.ask({ questions: [TARGET, REGION] });
      renderDock(h, { autoAdvanceMs: 0 });
      await h.user.click(screen.getByRole("radio", { name: "Production" }));
      await h.user.keyboard("{Control>}{Enter}{/Control}");
      await h.user.click(screen.getByRole("radio", { name: "EU" }));
      await h.user.keyboard("{Control>}{Enter}{/Control}");
      expect(screen.getByRole("group", { name: "Check your answers" })).toHaveFocus();
      await h.user.keyboard("{Meta>}{Enter}{/Meta}");
      await screen.findByText("Answered");
      expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Production"], region: ["EU"] } });
    });

    it("leaves a link's own Ctrl+Enter alone", async () => {
      await h.ask({ questions: [{ ...TARGET, url: "https://docs.example.com/" }, REGION] });
      renderDock(h, { autoAdvanceMs: 0 });
      await h.user.click(screen.getByRole("radio", { name: "Production" }));
      const link = screen.getByRole("link");
      link.focus();
      const event = fireEvent.keyDown(link, { key: "Enter", ctrlKey: true });
      expect(event).toBe(true);
      expect(screen.getByText("Question 1 of 2")).toBeInTheDocument();
    });
  });

  describe("Escape key", () => {
    it("collapses the dock and returns focus to the composer with its draft", async () => {
      await h.ask({ questions: [TARGET] });
      renderDock(h);
      const composer = screen.getByRole("textbox", { name: "Message" });
      await h.user.type(composer, "half a thought");
      await h.user.click(screen.getByRole("radio", { name: "Production" }));
      await h.user.keyboard("{Escape}");
      expect(dock()).toHaveAttribute("data-state", "collapsed");
      expect(screen.getByRole("button", { name: "Expand questions" })).toBeInTheDocument();
      expect(composer).toHaveFocus();
      expect(composer).toHaveValue("half a thought");
    });
  });

  describe("Consumer handlers", () => {
    it("lets a consumer's onKeyDown run first and keep a key from the dock", async () => {
      await h.ask({ questions: [TARGET] });
      const seen: string[] = [];
      renderDock(h, {
        onKeyDown: (e) => {
          seen.push(e.key);
          if (e.key === "Escape") e.preventDefault();
        },
      });
      await focusPanel();
      await h.user.keyboard("{Escape}1");
      expect(seen).toEqual(["Escape", "1"]);
      expect(dock()).toHaveAttribute("data-state", "answering");
      expect(screen.getByRole("radio", { name: "Staging (Recommended)" })).toBeChecked();
    });
  });
});
