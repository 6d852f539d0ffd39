import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/DockLayout.stories";
import { DEPLOY, REGION } from "../../../stories/support/sample-questions";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const { WithTranscriptAndComposer, WithTranscriptAndComposerDark, PluginComposer, AllAnswered } = composeStories(stories);

afterEach(disposeStoryDocks);

function follows(later: Element, earlier: Element): boolean {
  return Boolean(earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);
}

describe("DockLayout/Chat stories", () => {
  it("WithTranscriptAndComposer lays out transcript, then the dock, then the composer with its draft", async () => {
    await WithTranscriptAndComposer.run();
    const summary = screen.getByRole("article", { name: "Question, answered" });
    expect(summary).toHaveTextContent(`${REGION.question}EU (Frankfurt)`);
    const dock = screen.getByRole("region", { name: "Questions" });
    expect(within(dock).getByRole("radiogroup", { name: DEPLOY.question })).toBeInTheDocument();
    const composer = screen.getByRole("textbox", { name: "Message" });
    expect(composer).toHaveValue("Also bump the changelog");
    expect(follows(dock, summary)).toBe(true);
    expect(follows(composer, dock)).toBe(true);
  });

  it("WithTranscriptAndComposerDark is the same chat under the dark theme", async () => {
    await WithTranscriptAndComposerDark.run();
    expect(document.documentElement).toHaveAttribute("data-theme", "dark");
    expect(screen.getByRole("region", { name: "Questions" })).toBeInTheDocument();
  });

  it("PluginComposer keeps the dock above the plugin's composer, and Collapse hands focus to it", async () => {
    await PluginComposer.run();
    const plugin = screen.getByRole("group", { name: "Voice notes composer" });
    const dock = screen.getByRole("region", { name: "Questions" });
    expect(follows(plugin, dock)).toBe(true);
    expect(screen.queryByRole("button", { name: "Send" })).not.toBeInTheDocument();
    await userEvent.click(within(dock).getByRole("button", { name: "Collapse questions" }));
    expect(within(dock).getByRole("button", { name: "Expand questions" })).toBeInTheDocument();
    expect(within(plugin).getByRole("textbox", { name: "Message" })).toHaveFocus();
  });

  it("AllAnswered leaves no dock, only the summary and the composer", async () => {
    await AllAnswered.run();
    expect(screen.queryByRole("region", { name: "Questions" })).not.toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Question, answered" })).toHaveTextContent(`${REGION.question}US East`);
    expect(screen.getByRole("textbox", { name: "Message" })).toBeInTheDocument();
  });
});
