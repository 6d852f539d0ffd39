import { composeStories } from "@storybook/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/HeadlessDock.stories";
import { disposeStoryDocks, lastStoryDock } from "../../../stories/support/story-dock";

const { OneQuestion, Stepper, Empty } = composeStories(stories);

afterEach(disposeStoryDocks);

const recorded = () => lastStoryDock().sim.records().find((r) => r.status !== "pending");

describe("Headless/Bring your own markup", () => {
  it("OneQuestion: its play enables Submit; another radio replaces the choice and Enter on Submit answers on the gateway", async () => {
    await OneQuestion.run();
    const user = userEvent.setup();
    const dock = within(screen.getByRole("region", { name: "Questions" }));
    expect(dock.getByRole("radio", { name: "Staging (Recommended)" })).toBeChecked();
    await user.click(dock.getByRole("radio", { name: "Production" }));
    expect(dock.getByRole("radio", { name: "Production" })).toBeChecked();
    expect(dock.getByRole("radio", { name: "Staging (Recommended)" })).not.toBeChecked();
    dock.getByRole("button", { name: "Submit" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(recorded()).toMatchObject({ status: "answered", answers: { answers: { deploy_target: ["Production"] } } }));
    expect(await dock.findByText("No questions waiting.")).toBeInTheDocument();
  });

  it("OneQuestion: the person's own words answer through the textarea", async () => {
    await OneQuestion.run();
    const user = userEvent.setup();
    const dock = within(screen.getByRole("region", { name: "Questions" }));
    await user.type(dock.getByRole("textbox", { name: "Your own answer" }), "Canary in EU first");
    await user.click(dock.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(recorded()?.answers?.answers["deploy_target"]).toEqual(["Canary in EU first"]));
  });

  it("Stepper: Next, a multi-select, the review list and Submit", async () => {
    await Stepper.run();
    const user = userEvent.setup();
    const dock = within(screen.getByRole("region", { name: "Questions" }));
    await user.click(dock.getByRole("radio", { name: "US East" }));
    await user.click(dock.getByRole("button", { name: "Next" }));
    await user.click(dock.getByRole("checkbox", { name: "Lint" }));
    await user.click(dock.getByRole("checkbox", { name: "Type check" }));
    await user.click(dock.getByRole("button", { name: "Next" }));
    const review = dock.getByRole("list", { name: "Your answers" });
    expect(within(review).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Region: US East", "Checks: Lint, Type check"]);
    await user.click(dock.getByRole("button", { name: "Back" }));
    expect(dock.getByRole("checkbox", { name: "Lint" })).toBeChecked();
    await user.click(dock.getByRole("button", { name: "Next" }));
    await user.click(dock.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(recorded()?.answers?.answers).toEqual({ region: ["US East"], checks: ["Lint", "Type check"] }));
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
