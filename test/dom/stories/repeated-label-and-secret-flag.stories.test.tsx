import { composeStories } from "@storybook/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import * as asyncStories from "../../../stories/AsyncQuestions.stories";
import * as questionStories from "../../../stories/QuestionDock.stories";
import { lastAsyncStoryDock } from "../../../stories/support/async-story";
import { REPEATED } from "../../../stories/support/sample-async-questions";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const { AsyncRepeatedLabel } = composeStories(asyncStories);
const { SecretFlagOnly } = composeStories(questionStories);

afterEach(disposeStoryDocks);

describe("Stories of a repeated label and of a flag-only secret", { timeout: 20_000 }, () => {
  it("AsyncRepeatedLabel shows every option; each is its own choice, and the label is what is sent", async () => {
    await AsyncRepeatedLabel.run();
    const dock = screen.getByRole("region", { name: "Questions" });
    const [first, , last] = within(dock).getAllByRole("radio");
    expect(within(dock).getAllByRole("radio", { checked: true })).toEqual([last]);
    await userEvent.click(first!);
    expect(within(dock).getAllByRole("radio", { checked: true })).toEqual([first]);
    await userEvent.click(within(dock).getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(lastAsyncStoryDock().sim.history().filter((m) => m.role === "user").map((m) => m.content)).toEqual([`> ${REPEATED.title}\n\nStaging`]), { timeout: 5_000 });
  });

  it("SecretFlagOnly masks the field and warns about nothing", async () => {
    await SecretFlagOnly.run();
    const field = screen.getByLabelText("Other");
    expect(field).toHaveAttribute("type", "password");
    expect(field).toHaveValue("sk_test_4eC39HqLyjWDarjtT1zdp7dc");
    expect(screen.queryByText(/looks like a password or key/)).not.toBeInTheDocument();
  });
});
