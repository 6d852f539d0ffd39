// The composer's reply stories, played in jsdom: what the hint says for each state, read with the field.
import { composeStories } from "@storybook/react";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/ComposerReply.stories";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const { WillAnswer, LeavesAQuestionUnanswered, CredentialWarning, Refused } = composeStories(stories);

afterEach(disposeStoryDocks);

describe("Composer/Reply answers the question stories", () => {
  it("WillAnswer says which option the message picks, and offers no choice of chat", async () => {
    await WillAnswer.run();
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription(/Deploy: Production/);
    expect(screen.queryByRole("button", { name: "Send as chat" })).not.toBeInTheDocument();
  });

  it("LeavesAQuestionUnanswered names the missing question", async () => {
    await LeavesAQuestionUnanswered.run();
    expect(screen.getByText(/Still without an answer: Region/)).toBeInTheDocument();
  });

  it("CredentialWarning warns, politely", async () => {
    await CredentialWarning.run();
    expect(screen.getByText(/This looks like a password or key/)).toHaveRole("status");
  });

  it("Refused keeps the reason beside the text and no option line", async () => {
    await Refused.run();
    expect(screen.getByText(/only from a connection with the same permissions/)).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Production");
  });
});
