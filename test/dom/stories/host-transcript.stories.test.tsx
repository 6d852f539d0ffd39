// The blocking-only host's transcript story, played in jsdom: the host's own rows, the summary at its turn.
import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/HostTranscript.stories";
import { disposeStoryDocks } from "../../../stories/support/story-dock";
import { transcriptRows as rows } from "../../support/transcript-rows";

const { BlockingOnlyHost } = composeStories(stories);

afterEach(disposeStoryDocks);


describe("Transcript/Your own transcript stories", () => {
  it("BlockingOnlyHost shows the person's message, the answered question's summary, then the run's reply", async () => {
    await BlockingOnlyHost.run();
    expect(rows()).toEqual(["You: Ship the hotfix, please.", "summary: Question, answered", "Agent: Deploying to Production."]);
    expect(within(screen.getByRole("article", { name: "Question, answered" })).getByText("Production")).toBeInTheDocument();
  });
});
