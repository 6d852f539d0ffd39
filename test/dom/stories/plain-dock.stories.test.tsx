import { composeStories } from "@storybook/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/PlainDock.stories";
import { disposeStoryDocks, lastStoryDock } from "../../../stories/support/story-dock";
import { nextPaint } from "../../support/frames";

const { OneQuestion, Stepper, TwoRequests, Empty } = composeStories(stories);

afterEach(disposeStoryDocks);

const recorded = () => lastStoryDock().sim.records().find((r) => r.status !== "pending");
const dock = () => within(screen.getByRole("region", { name: "Questions" }));

describe("Headless/PlainDock", () => {
  it("OneQuestion: focus lands on the first radio, a digit picks, and Ctrl+Enter submits on the gateway", async () => {
    await OneQuestion.run();
    const user = userEvent.setup();
    expect(dock().getByRole("radio", { name: "Staging (Recommended)" })).toBeChecked();
    await user.click(dock().getByRole("radio", { name: "Production" }));
    expect(dock().getByRole("radio", { name: "Staging (Recommended)" })).not.toBeChecked();
    await user.keyboard("1");
    expect(dock().getByRole("radio", { name: "Staging (Recommended)" })).toBeChecked();
    await user.keyboard("{Control>}{Enter}{/Control}");
    await waitFor(() => expect(recorded()).toMatchObject({ status: "answered", answers: { answers: { deploy_target: ["Staging (Recommended)"] } } }));
    expect(await dock().findByText("No questions waiting.")).toBeInTheDocument();
  });

  it("OneQuestion: the Other digit focuses the textarea, and the typed words answer", async () => {
    await OneQuestion.run();
    const user = userEvent.setup();
    dock().getByRole("radio", { name: "Staging (Recommended)" }).focus();
    const options = dock().getAllByRole("radio").length;
    await user.keyboard(String(options + 1));
    expect(dock().getByRole("textbox", { name: "Your own answer" })).toHaveFocus();
    await user.keyboard("Canary in EU first");
    await user.click(dock().getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(recorded()?.answers?.answers["deploy_target"]).toEqual(["Canary in EU first"]));
  });

  it("Stepper: answered from the keyboard alone, through the review list", async () => {
    await Stepper.run();
    const user = userEvent.setup();
    await waitFor(() => expect(dock().getAllByRole("radio")[0]).toHaveFocus());
    await user.keyboard("2{Control>}{Enter}{/Control}");
    const lint = await dock().findByRole("checkbox", { name: "Lint" });
    await waitFor(() => expect(lint).toHaveFocus());
    // Ctrl+Enter faster than the screen is dropped (a double press); a person presses once the step has painted.
    await nextPaint();
    await user.keyboard("14{Control>}{Enter}{/Control}");
    const review = await dock().findByRole("list", { name: "Your answers" });
    await waitFor(() => expect(review).toHaveFocus());
    await nextPaint();
    await user.keyboard("{Control>}{Enter}{/Control}");
    await waitFor(() => expect(recorded()?.answers?.answers).toEqual({ region: ["US East"], checks: ["Lint", "Type check"] }));
  });

  it("Stepper: Back returns to the question with its choices kept", async () => {
    await Stepper.run();
    const user = userEvent.setup();
    await user.click(dock().getByRole("radio", { name: "US East" }));
    await user.click(dock().getByRole("button", { name: "Next" }));
    await user.click(dock().getByRole("checkbox", { name: "Lint" }));
    await user.click(dock().getByRole("button", { name: "Back" }));
    expect(dock().getByRole("radio", { name: "US East" })).toBeChecked();
  });

  it("Esc collapses to the bar, Alt+Shift+Q reopens at the question, and a new question is announced", async () => {
    await OneQuestion.run();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/^New question: /));
    dock().getByRole("radio", { name: "Staging (Recommended)" }).focus();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("region", { name: "Questions" })).toHaveAttribute("data-state", "collapsed");
    expect(dock().getByText("1 waiting")).toBeInTheDocument();
    await user.keyboard("{Alt>}{Shift>}Q{/Shift}{/Alt}");
    await waitFor(() => expect(dock().getByRole("radio", { name: "Staging (Recommended)" })).toHaveFocus());
  });

  it("TwoRequests: the arrow keys on the request arrows switch requests", async () => {
    await TwoRequests.run();
    const user = userEvent.setup();
    // The newer blocking request takes the dock.
    expect(dock().getByText("Request 2 of 2")).toBeInTheDocument();
    dock().getByRole("button", { name: "Previous request" }).focus();
    await user.keyboard("{ArrowLeft}");
    expect(dock().getByText("Request 1 of 2")).toBeInTheDocument();
    expect(dock().getByRole("group", { name: "Pending requests" })).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard("{ArrowRight}");
    expect(dock().getByText("Request 2 of 2")).toBeInTheDocument();
  });

  it("Skip ends the question without an answer", async () => {
    await OneQuestion.run();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Skip" }));
    await waitFor(() => expect(recorded()?.status).toBe("cancelled"));
  });

  it("Empty says nothing waits", async () => {
    await Empty.run();
    expect(screen.getByText("No questions waiting.")).toBeInTheDocument();
  });
});
