// The blocking-only host's transcript story, played in jsdom: the host's own rows, the summary at its turn.
import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/HostTranscript.stories";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const { BlockingOnlyHost } = composeStories(stories);

afterEach(disposeStoryDocks);

/** The transcript's own rows, top to bottom: a message's text, or "summary: <its name>". */
function rows(): string[] {
  const list = screen.getByRole("list", { name: "Conversation" });
  return within(list)
    .getAllByRole("listitem")
    .filter((li) => li.parentElement === list)
    .map((li) => {
      const summary = within(li).queryByRole("article");
      return summary ? `summary: ${summary.getAttribute("aria-label")}` : (li.textContent ?? "");
    });
}

describe("Transcript/Your own transcript stories", () => {
  it("BlockingOnlyHost shows the person's message, the answered question's summary, then the run's reply", async () => {
    await BlockingOnlyHost.run();
    expect(rows()).toEqual(["You: Ship the hotfix, please.", "summary: Question, answered", "Agent: Deploying to Production."]);
    expect(within(screen.getByRole("article", { name: "Question, answered" })).getByText("Production")).toBeInTheDocument();
  });
});
