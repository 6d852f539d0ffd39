import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/QuestionDockStates.stories";
import { DEPLOY, REGION } from "../../../stories/support/sample-questions";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const { Submitting, CheckingWhetherArrived, SubmitFailed, Collapsed, CollapsedSeveralWaiting, CollapsedDark, TwoRequests, ExpiringSoon, Reconnecting, Offline, RecordRejected, RecordRejectedDetails } =
  composeStories(stories);

afterEach(disposeStoryDocks);

async function show(story: { run(): Promise<void> }) {
  await story.run();
  return within(screen.getByRole("region", { name: "Questions" }));
}

describe("QuestionDock/States stories", () => {
  it("Submitting says Sending… and holds Skip and Submit", async () => {
    const dock = await show(Submitting);
    expect(dock.getByText("Sending…")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Questions" })).toHaveAttribute("data-state", "submitting");
    expect(screen.getByRole("region", { name: "Questions" })).toHaveAttribute("data-submitting");
    expect(dock.getByRole("button", { name: "Skip" })).toHaveAttribute("aria-disabled", "true");
    expect(dock.getByRole("button", { name: "Submit" })).toHaveAttribute("aria-disabled", "true");
    expect(dock.getByRole("radio", { name: "EU (Frankfurt)" })).toBeChecked();
  });

  it("SubmitFailed explains the failure, keeps the draft, and a second Submit goes through", async () => {
    const dock = await show(SubmitFailed);
    expect(screen.getByRole("region", { name: "Questions" })).toHaveAttribute("data-state", "failed");
    expect(screen.getByRole("region", { name: "Questions" })).toHaveAttribute("data-failed");
    expect(screen.getByRole("region", { name: "Questions" })).not.toHaveAttribute("data-submitting");
    expect(dock.getByRole("alert")).toHaveTextContent("Your answer did not reach the gateway before the connection dropped. Your draft is kept; try again.");
    expect(dock.getByRole("radio", { name: "EU (Frankfurt)" })).toBeChecked();
    expect(dock.queryByText("Sending…")).not.toBeInTheDocument();
    await userEvent.click(dock.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Answered: Region")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Questions" })).not.toBeInTheDocument();
  });

  it("CheckingWhetherArrived holds the sent draft and says it is checking, with Skip and Submit held", async () => {
    const dock = await show(CheckingWhetherArrived);
    expect(dock.getByText("Checking whether your answer arrived…", { selector: ".qd-footer__status" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Checking whether your answer arrived…");
    expect(dock.queryByRole("alert")).not.toBeInTheDocument();
    expect(dock.getByRole("button", { name: "Submit" })).toHaveAttribute("aria-disabled", "true");
    expect(dock.getByRole("button", { name: "Skip" })).toHaveAttribute("aria-disabled", "true");
    expect(dock.getByRole("radio", { name: "EU (Frankfurt)" })).toBeChecked();
  });

  it("Collapsed is a slim indicator whose Expand brings the prompt back", async () => {
    const dock = await show(Collapsed);
    expect(dock.getByText("1 request waiting")).toBeInTheDocument();
    expect(dock.getByText(DEPLOY.question)).toBeInTheDocument();
    expect(dock.queryByRole("radiogroup")).not.toBeInTheDocument();
    expect(dock.queryByRole("button", { name: "Collapse questions" })).not.toBeInTheDocument();
    await userEvent.click(dock.getByRole("button", { name: "Expand questions" }));
    expect(dock.getByRole("radiogroup", { name: DEPLOY.question })).toBeInTheDocument();
  });

  it("CollapsedSeveralWaiting counts the waiting requests", async () => {
    const dock = await show(CollapsedSeveralWaiting);
    expect(dock.getByText("3 requests waiting")).toBeInTheDocument();
    expect(dock.getByRole("button", { name: "Expand questions" })).toBeInTheDocument();
  });

  it("CollapsedDark is the collapsed indicator under the dark theme", async () => {
    const dock = await show(CollapsedDark);
    expect(document.documentElement).toHaveAttribute("data-theme", "dark");
    expect(dock.getByText("3 requests waiting")).toBeInTheDocument();
  });

  it("TwoRequests shows Request 1 of 2, and switching keeps the draft", async () => {
    const dock = await show(TwoRequests);
    expect(dock.getByText("Request 1 of 2")).toBeInTheDocument();
    expect(dock.getByRole("button", { name: "Previous request" })).toHaveAttribute("aria-disabled", "true");
    expect(dock.getByRole("radio", { name: "Production" })).toBeChecked();
    await userEvent.click(dock.getByRole("button", { name: "Next request" }));
    expect(dock.getByText("Request 2 of 2")).toBeInTheDocument();
    expect(dock.getByRole("radiogroup", { name: REGION.question })).toBeInTheDocument();
    await userEvent.click(dock.getByRole("button", { name: "Previous request" }));
    expect(dock.getByRole("radio", { name: "Production" })).toBeChecked();
  });

  it("ExpiringSoon shows 00:42 and warns that under a minute is left", async () => {
    const dock = await show(ExpiringSoon);
    expect(dock.getByText("00:42")).toBeInTheDocument();
    expect(dock.getByText("Time left: less than a minute")).toBeInTheDocument();
    expect(dock.getByText("One minute left to answer.")).toBeInTheDocument();
  });

  it("Reconnecting says so and keeps the prompt", async () => {
    const dock = await show(Reconnecting);
    expect(dock.getByText("Reconnecting…")).toBeInTheDocument();
    expect(dock.getByRole("radiogroup", { name: DEPLOY.question })).toBeInTheDocument();
  });

  it("Offline says so and keeps the prompt with its draft", async () => {
    const dock = await show(Offline);
    expect(dock.getByText("Offline")).toBeInTheDocument();
    expect(dock.getByRole("radio", { name: "Production" })).toBeChecked();
  });

  it("RecordRejected shows the notice without a prompt, its details closed", async () => {
    await RecordRejected.run();
    expect(screen.getByText("A question could not be shown.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Questions" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Details" })).toHaveAttribute("aria-expanded", "false");
  });

  it("RecordRejectedDetails lists the problems as text", async () => {
    await RecordRejectedDetails.run();
    expect(screen.getByRole("button", { name: "Details" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText(/^malformed: questions\[0\]\.options: must be an array/)).toBeVisible();
  });
});
