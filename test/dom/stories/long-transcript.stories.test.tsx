import { composeStories } from "@storybook/react";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as stories from "../../../stories/LongTranscript.stories";
import { LONG_TEXT_LENGTH, longTranscript, unbrokenWord } from "../../../stories/support/long-transcript";
import { CHECKS, REGION } from "../../../stories/support/sample-questions";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const { LongTranscript, LongTranscriptNarrow, LongUnbrokenWord } = composeStories(stories);

afterEach(() => {
  disposeStoryDocks();
  vi.unstubAllGlobals();
});

/** A visual viewport whose height the test sets, firing `resize` as a browser does when the keyboard opens. */
function stubVisualViewport(height: number) {
  const target = new EventTarget();
  const vv = Object.assign(target, { height, width: 390, scale: 1 });
  vi.stubGlobal("visualViewport", vv);
  return {
    resize(next: number) {
      vv.height = next;
      act(() => {
        target.dispatchEvent(new Event("resize"));
      });
    },
  };
}

function layoutRoot(): HTMLElement {
  const root = screen.getByRole("region", { name: "Questions" }).closest<HTMLElement>(".qd-layout");
  if (!root) throw new Error("the dock is not inside DockLayout");
  return root;
}

describe("the long transcript generator", () => {
  it("makes 200 messages, some of 10 kB and one a single 10 kB word", () => {
    const messages = longTranscript();
    expect(messages).toHaveLength(200);
    expect(messages.filter((m) => m.text.length === LONG_TEXT_LENGTH).length).toBeGreaterThan(5);
    expect(messages.some((m) => m.text.length === LONG_TEXT_LENGTH && !/\s/.test(m.text))).toBe(true);
    expect(unbrokenWord()).toHaveLength(LONG_TEXT_LENGTH);
  });
});

describe("DockLayout/Long transcript stories", () => {
  it("LongTranscript shows the 200 messages above a working dock", async () => {
    await LongTranscript.run();
    expect(document.querySelectorAll(".story-message")).toHaveLength(200);
    const dock = screen.getByRole("region", { name: "Questions" });
    await userEvent.click(within(dock).getByRole("radio", { name: "US East" }));
    expect(within(dock).getByRole("radio", { name: "US East" })).toBeChecked();
    expect(within(dock).getByRole("button", { name: "Skip" })).toBeInTheDocument();
  });

  it("LongTranscriptNarrow stacks every question with one Submit", async () => {
    await LongTranscriptNarrow.run();
    const dock = screen.getByRole("region", { name: "Questions" });
    expect(within(dock).getByRole("radiogroup", { name: REGION.question })).toBeInTheDocument();
    expect(within(dock).getByRole("group", { name: CHECKS.question })).toBeInTheDocument();
    expect(within(dock).getByRole("button", { name: "Submit" })).toBeInTheDocument();
    expect(within(dock).queryByRole("button", { name: "Next" })).not.toBeInTheDocument();
  });

  it("LongUnbrokenWord renders the 10 kB words as text, whole", async () => {
    await LongUnbrokenWord.run();
    const dock = screen.getByRole("region", { name: "Questions" });
    expect(within(dock).getByRole("heading", { level: 3 }).textContent).toHaveLength(10_000);
    expect(within(dock).getAllByRole("radio")).toHaveLength(2);
    expect(within(dock).getByRole("radio", { name: "Keep it short" })).toBeInTheDocument();
  });

  it("DockLayout keeps --qd-viewport-height equal to the visual viewport as the keyboard opens and closes", async () => {
    const vv = stubVisualViewport(844);
    await LongTranscript.run();
    const root = layoutRoot();
    expect(root.style.getPropertyValue("--qd-viewport-height")).toBe("844px");
    vv.resize(400);
    expect(root.style.getPropertyValue("--qd-viewport-height")).toBe("400px");
    vv.resize(844);
    expect(root.style.getPropertyValue("--qd-viewport-height")).toBe("844px");
  });

  it("without a visual viewport the stylesheet's 100dvh applies (no inline height)", async () => {
    vi.stubGlobal("visualViewport", undefined);
    await LongTranscript.run();
    expect(layoutRoot().style.getPropertyValue("--qd-viewport-height")).toBe("");
  });
});
