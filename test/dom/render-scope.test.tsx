import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REGION, TARGET, dock, renderDock, startDock, type DockHarness } from "./dock-harness";
import { recordRenders } from "./render-log";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());

const TYPED = "Frankfurt first, then Dublin if the EU quota allows; check with ops before 18:00 UTC, and keep logs.";

describe("What renders again (React DevTools' reading of each commit)", () => {
  it("typing 100 characters in Other renders the field and nothing else", async () => {
    expect(TYPED).toHaveLength(100);
    await h.ask({ questions: [REGION, TARGET] });
    renderDock(h, { autoAdvanceMs: 0 });
    const field = screen.getByRole("textbox", { name: "Other" });
    // The first character makes Other the answer, which the options show; the rest only change the text.
    await h.user.type(field, TYPED[0]!);
    const stop = recordRenders();
    await h.user.type(field, TYPED.slice(1));
    const renders = stop();
    expect(field).toHaveValue(TYPED);
    expect(renders).toEqual({ Other: TYPED.length - 1 });
  });

  it("the countdown ticking renders the clock and nothing else", async () => {
    await h.ask({ questions: [REGION], timeoutMs: 600_000 });
    renderDock(h);
    // The question takes focus once it is on screen; the ticking starts after that.
    await vi.waitFor(() => expect(screen.getByRole("radio", { name: "EU" })).toHaveFocus());
    const before = dock().textContent;
    const stop = recordRenders();
    for (let second = 0; second < 10; second++) {
      await act(async () => {
        vi.advanceTimersByTime(1_000);
      });
    }
    const renders = stop();
    expect(dock().textContent).not.toBe(before);
    expect(renders).toEqual({ ExpiryClock: 10 });
  });
});
