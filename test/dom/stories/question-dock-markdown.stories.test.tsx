import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as stories from "../../../stories/QuestionDockMarkdown.stories";
import { HOSTILE_LINK_TEXT } from "../../../stories/support/sample-markdown";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const { MarkdownText, MarkdownTextDark, LongDescription, LongDescriptionDark, LongDescriptionExpanded } = composeStories(stories);

afterEach(() => {
  disposeStoryDocks();
  vi.restoreAllMocks();
});

async function show(story: { run(): Promise<void> }) {
  await story.run();
  return within(screen.getByRole("region", { name: "Questions" }));
}

/** jsdom lays nothing out; this gives a clamped description three lines of box and a line per 80 characters of text. */
function layOutDescriptions() {
  vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute("data-clamped") ? 20 * Math.ceil((this.textContent ?? "").length / 80) : 0;
  });
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute("data-clamped") ? 60 : 0;
  });
}

describe("QuestionDock/Markdown stories", () => {
  it("MarkdownText renders code, emphasis, a list and http(s) links, names by the plain words, and keeps a javascript: link as text", async () => {
    const dock = await show(MarkdownText);
    const group = dock.getByRole("radiogroup", { name: "Before tagging v2.4.0, which check must pass? npm test runs the unit suite the release checklist lists the rest" });
    expect(within(group).getAllByRole("radio").map((r) => r.textContent)).toEqual(["Unit tests1", "Full CI2", "None3"]);
    expect(dock.getByText("must").tagName).toBe("STRONG");
    expect(dock.getAllByText("npm test").every((el) => el.tagName === "CODE")).toBe(true);
    expect(dock.getByRole("link", { name: "release checklist" })).toHaveAttribute("href", "https://docs.example.com/release");
    expect(dock.getByRole("link", { name: "the pipeline" })).toHaveAttribute("href", "https://ci.example.com/pipelines/main");
    expect(dock.getByRole("radio", { name: "Full CI" })).toHaveAccessibleDescription("Every job in the pipeline, then: smoke tests a canary");
    expect(dock.getByRole("radio", { name: "None" })).toHaveAccessibleDescription(`Tag now; ${HOSTILE_LINK_TEXT} say it is fine`);
    expect(dock.getAllByRole("link")).toHaveLength(2);
  });

  it("MarkdownTextDark shows the same question under the dark theme", async () => {
    const dock = await show(MarkdownTextDark);
    expect(document.documentElement).toHaveAttribute("data-theme", "dark");
    expect(dock.getByRole("link", { name: "release checklist" })).toBeInTheDocument();
  });

  it("LongDescription cuts the description and offers Show more where it overflows, and picks nothing on it", async () => {
    layOutDescriptions();
    const dock = await show(LongDescription);
    const more = dock.getByRole("button", { name: "Show more" });
    expect(more).toHaveAttribute("aria-expanded", "false");
    expect(dock.getByRole("radio", { name: "Gradual (Recommended)" })).toHaveAccessibleDescription(/^Start with 1% of tenants/);
    await userEvent.click(more);
    expect(dock.getByRole("radio", { name: "Gradual (Recommended)" })).not.toBeChecked();
    expect(dock.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
  });

  it("LongDescription offers no Show more where nothing is laid out", async () => {
    const dock = await show(LongDescription);
    expect(dock.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
  });

  it("LongDescriptionDark shows under the dark theme", async () => {
    layOutDescriptions();
    const dock = await show(LongDescriptionDark);
    expect(document.documentElement).toHaveAttribute("data-theme", "dark");
    expect(dock.getByRole("button", { name: "Show more" })).toBeInTheDocument();
  });

  it("LongDescriptionExpanded opens the whole description", async () => {
    layOutDescriptions();
    const dock = await show(LongDescriptionExpanded);
    expect(dock.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
    expect(dock.getByText(/^Start with 1% of tenants/)).not.toHaveAttribute("data-clamped");
  });
});
