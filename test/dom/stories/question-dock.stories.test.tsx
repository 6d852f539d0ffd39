import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/QuestionDock.stories";
import { API_KEY, CHECKS, DEPLOY, KEEP_API, LONG_REGIONS, MIGRATION, REGION, RUNBOOK, UNTRUSTED } from "../../../stories/support/sample-questions";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const {
  SingleQuestion,
  SingleQuestionRecommended,
  WithDescriptions,
  MultiSelect,
  MultiSelectWithOther,
  OtherTyped,
  NoOtherOption,
  WithLink,
  SecretQuestion,
  LongUntrustedText,
  LongOptionList,
  SingleQuestionDark,
} = composeStories(stories);

afterEach(disposeStoryDocks);

async function show(story: { run(): Promise<void> }) {
  await story.run();
  return within(screen.getByRole("region", { name: "Questions" }));
}

describe("QuestionDock/Questions stories", () => {
  it("SingleQuestion shows the options, Other, Skip and Submit with no stepper chrome", async () => {
    const dock = await show(SingleQuestion);
    const group = dock.getByRole("radiogroup", { name: REGION.question });
    expect(within(group).getAllByRole("radio").map((r) => r.textContent)).toEqual(["EU (Frankfurt)1", "US East2", "Asia Pacific3"]);
    expect(within(group).queryByRole("radio", { checked: true })).not.toBeInTheDocument();
    expect(dock.getByRole("textbox", { name: "Other" })).toHaveValue("");
    expect(dock.getByRole("button", { name: "Skip" })).toBeInTheDocument();
    expect(dock.getByRole("button", { name: "Submit" })).toHaveAttribute("aria-disabled", "true");
    expect(dock.queryByText(/Question \d of \d/)).not.toBeInTheDocument();
    expect(dock.queryByRole("button", { name: "Next" })).not.toBeInTheDocument();
    expect(dock.queryByRole("button", { name: "Back" })).not.toBeInTheDocument();
  });

  it("SingleQuestionRecommended marks the recommended option with a badge", async () => {
    const dock = await show(SingleQuestionRecommended);
    const recommended = dock.getByRole("radio", { name: "Staging (Recommended)" });
    expect(within(recommended).getByText("(Recommended)")).toBeInTheDocument();
    expect(within(dock.getByRole("radio", { name: "Production" })).queryByText("(Recommended)")).not.toBeInTheDocument();
    expect(dock.getByRole("radiogroup", { name: DEPLOY.question })).toBeInTheDocument();
  });

  it("WithDescriptions gives every option its description", async () => {
    const dock = await show(WithDescriptions);
    for (const option of MIGRATION.options ?? []) {
      expect(dock.getByRole("radio", { name: option.label })).toHaveAccessibleDescription(option.description ?? "");
    }
  });

  it("MultiSelect is a checkbox group with two choices ticked", async () => {
    const dock = await show(MultiSelect);
    const group = dock.getByRole("group", { name: CHECKS.question });
    expect(within(group).getAllByRole("checkbox", { checked: true })).toHaveLength(2);
    expect(within(group).getByRole("checkbox", { name: "Lint" })).toBeChecked();
    expect(within(group).getByRole("checkbox", { name: "Unit tests" })).toBeChecked();
    expect(dock.queryByRole("radiogroup")).not.toBeInTheDocument();
    expect(dock.getByText("Choose all that apply.")).toBeInTheDocument();
  });

  it("MultiSelectWithOther keeps the typed answer beside the ticked one", async () => {
    const dock = await show(MultiSelectWithOther);
    expect(dock.getByRole("checkbox", { name: "Lint" })).toBeChecked();
    expect(dock.getByRole("textbox", { name: "Other" })).toHaveValue("Fuzzing");
    expect(dock.getByRole("button", { name: "Submit" })).not.toHaveAttribute("aria-disabled");
  });

  it("OtherTyped shows the typed answer and no chosen option", async () => {
    const dock = await show(OtherTyped);
    expect(dock.getByRole("textbox", { name: "Other" })).toHaveValue("South America (São Paulo)");
    expect(dock.queryByRole("radio", { checked: true })).not.toBeInTheDocument();
    expect(dock.getByRole("button", { name: "Submit" })).not.toHaveAttribute("aria-disabled");
  });

  it("NoOtherOption offers only the authored options", async () => {
    const dock = await show(NoOtherOption);
    expect(dock.getAllByRole("radio").map((r) => r.textContent?.replace(/\d$/, ""))).toEqual(KEEP_API.options?.map((o) => o.label));
    expect(dock.queryByRole("textbox")).not.toBeInTheDocument();
    expect(dock.queryByText("Other")).not.toBeInTheDocument();
  });

  it("WithLink links the reference page in a new tab", async () => {
    const dock = await show(WithLink);
    const link = dock.getByRole("link", { name: /^docs\.example\.com\/runbooks\/deploy-windows ?\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute("href", RUNBOOK.url);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("SecretQuestion masks the typed answer in a password field", async () => {
    const dock = await show(SecretQuestion);
    expect(dock.getByRole("heading", { name: API_KEY.question })).toBeInTheDocument();
    const field = dock.getByLabelText("Other");
    expect(field).toHaveAttribute("type", "password");
    expect(field).toHaveValue("sk_test_4eC39HqLyjWDarjtT1zdp7dc");
    expect(dock.queryByRole("textbox")).not.toBeInTheDocument();
    expect(dock.queryByRole("radiogroup")).not.toBeInTheDocument();
  });

  it("LongUntrustedText renders markup-looking text as text and right-to-left labels as given", async () => {
    const dock = await show(LongUntrustedText);
    const region = screen.getByRole("region", { name: "Questions" });
    expect(region.querySelector("img, script, b")).toBeNull();
    expect(dock.getByRole("heading", { name: UNTRUSTED.question })).toBeInTheDocument();
    expect(dock.getByText("<b>Hi</b>")).toBeInTheDocument();
    for (const option of UNTRUSTED.options ?? []) expect(dock.getByRole("radio", { name: option.label })).toBeInTheDocument();
    expect(dock.getByRole("link", { name: /payments-gateway-service-internal-production/ })).toHaveAttribute("href", UNTRUSTED.url);
  });

  it("LongOptionList shows all twenty options by label, digit hints on the first nine, no Other digit", async () => {
    const dock = await show(LongOptionList);
    const radios = within(dock.getByRole("radiogroup", { name: LONG_REGIONS.question })).getAllByRole("radio");
    radios.forEach((radio, i) => expect(radio).toHaveAccessibleName(LONG_REGIONS.options?.[i]?.label));
    expect(radios.map((r) => r.querySelector("kbd")?.textContent)).toEqual([...["1", "2", "3", "4", "5", "6", "7", "8", "9"], ...Array<undefined>(11).fill(undefined)]);
    expect(dock.getByRole("textbox", { name: "Other" })).toBeInTheDocument();
    expect(dock.queryByText("21")).not.toBeInTheDocument();
  });

  it("SingleQuestionDark shows the same prompt under the dark theme", async () => {
    const dock = await show(SingleQuestionDark);
    expect(document.documentElement).toHaveAttribute("data-theme", "dark");
    expect(dock.getByRole("radio", { name: "Staging (Recommended)" })).toBeInTheDocument();
  });
});
