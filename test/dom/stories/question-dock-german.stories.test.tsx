import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/QuestionDockGerman.stories";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const { TwoRequests, Collapsed } = composeStories(stories);

afterEach(disposeStoryDocks);

describe("QuestionDock/German stories", () => {
  it("TwoRequests speaks German around the agent's English question, and steps back in German", async () => {
    await TwoRequests.run();
    const user = userEvent.setup();
    const dock = within(screen.getByRole("region", { name: "Fragen" }));
    expect(dock.getByText("Which checks should run before merging?")).toBeInTheDocument();
    expect(dock.getByText("Anfrage 1 von 2")).toBeInTheDocument();
    expect(dock.getByRole("button", { name: "Überspringen" })).toBeInTheDocument();
    expect(dock.queryByRole("button", { name: /^(Submit|Skip|Back|Next)$/ })).not.toBeInTheDocument();
    await user.click(dock.getByRole("button", { name: "Zurück" }));
    expect(dock.getByRole("radio", { name: /Production/ })).toBeChecked();
    expect(dock.getByRole("button", { name: "Weiter" })).toBeEnabled();
  });

  it("Collapsed counts the waiting requests in German and expands on a press", async () => {
    await Collapsed.run();
    expect(screen.getByText("2 Anfragen warten")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /Ausklappen|Fragen ausklappen/ }));
    expect(screen.getByRole("region", { name: "Fragen" })).toBeInTheDocument();
  });
});
