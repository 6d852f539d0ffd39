import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import * as stories from "../../../stories/QuestionPage.stories";

const { Loading, Pending, Answered, AnsweredElsewhere, Expired, UnavailableWithTypedText, RefreshFailed, UnknownQuestion } = composeStories(stories);

const page = () => screen.getByRole("region", { name: /^Question/ });

describe("QuestionPage stories", () => {
  it("Loading says so while question.get is unanswered, with no prompt", async () => {
    await Loading.run();
    expect(within(page()).getByRole("status")).toHaveTextContent("Loading the question…");
    expect(within(page()).queryByRole("radio")).toBeNull();
  });

  it("Pending shows the dock's stepper under the question's header", async () => {
    await Pending.run();
    expect(screen.getByRole("heading", { level: 1, name: "Question: Deploy" })).toBeVisible();
    expect(within(page()).getAllByRole("radio")).toHaveLength(2);
    expect(within(page()).getByRole("button", { name: "Submit" })).toBeVisible();
  });

  it("Answered shows the summary with the chosen option", async () => {
    await Answered.run();
    const summary = within(page()).getByRole("article", { name: "Question, answered" });
    expect(within(summary).getByText("Production")).toBeVisible();
  });

  it("Answered elsewhere and Expired end as summaries without a prompt", async () => {
    await AnsweredElsewhere.run();
    expect(within(page()).getByRole("article", { name: "Question, answered elsewhere" })).toBeVisible();
    expect(within(page()).queryByRole("radio")).toBeNull();
    await Expired.run();
    expect(within(page()).getByRole("article", { name: "Question, expired" })).toBeVisible();
  });

  it("Unavailable keeps the typed text, with Copy", async () => {
    await UnavailableWithTypedText.run();
    const gone = within(page()).getByRole("article", { name: "Question, unavailable" });
    expect(within(gone).getByText("canary first")).toBeVisible();
    expect(within(gone).getByRole("button", { name: "Copy answer" })).toBeVisible();
  });

  it("Refresh failed offers Retry, which clears the error and keeps the typed text", async () => {
    await RefreshFailed.run();
    const alert = within(page()).getByRole("alert");
    expect(alert).toHaveTextContent("could not be loaded again");
    await userEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await expect.poll(() => within(page()).queryByRole("alert")).toBeNull();
    expect(within(page()).getByRole("textbox", { name: "Other" })).toHaveValue("canary first");
  });

  it("Unknown question reads Unavailable", async () => {
    await UnknownQuestion.run();
    expect(within(page()).getByText("Unavailable")).toBeVisible();
  });
});
