import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type { QuestionDock } from "../src";
import { dockLoader, dockStoryMeta } from "./support/dock-story";
import { API_KEY, CHECKS, DEPLOY, DEPLOY_TOKEN, KEEP_API, LONG_REGIONS, MIGRATION, REGION, RUNBOOK, UNTRUSTED, ask } from "./support/sample-questions";

/** One question on screen: options, descriptions, Other, links, secrets and hostile text. */
const meta = {
  title: "QuestionDock/Questions",
  ...dockStoryMeta,
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A single-select question with plain labels: no stepper, just the options, Other, Skip and Submit. */
export const SingleQuestion: Story = {
  loaders: [dockLoader({ requests: [ask(REGION)] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radiogroup", { name: REGION.question })).toBeVisible();
    await expect(canvas.queryByText(/Question \d of \d/)).toBeNull();
  },
};

/** The agent's recommended option comes first and carries a "(Recommended)" badge. */
export const SingleQuestionRecommended: Story = {
  loaders: [dockLoader({ requests: [ask(DEPLOY)] })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("(Recommended)")).toBeVisible();
  },
};

/** Every option explains itself under its label. */
export const WithDescriptions: Story = {
  loaders: [dockLoader({ requests: [ask(MIGRATION)] })],
};

/** A checkbox group with two choices ticked. */
export const MultiSelect: Story = {
  loaders: [dockLoader({ requests: [ask(CHECKS)], drive: (d) => d.choose("checks", "Lint", "Unit tests") })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("checkbox", { name: "Lint" })).toBeChecked();
  },
};

/** Multi-select with a typed answer added to the ticked ones. */
export const MultiSelectWithOther: Story = {
  loaders: [
    dockLoader({
      requests: [ask(CHECKS)],
      drive: (d) => {
        d.choose("checks", "Lint");
        d.type("checks", "Fuzzing");
      },
    }),
  ],
};

/** A typed answer replaces the single-select choice. */
export const OtherTyped: Story = {
  loaders: [
    dockLoader({
      requests: [ask(REGION)],
      drive: (d) => {
        d.choose("region", "US East");
        d.type("region", "South America (São Paulo)");
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("textbox", { name: "Other" })).toHaveValue("South America (São Paulo)");
    await expect(canvas.getByRole("radio", { name: "US East" })).not.toBeChecked();
  },
};

/** The record does not accept free text, so there is no Other field. */
export const NoOtherOption: Story = {
  loaders: [dockLoader({ requests: [ask(KEEP_API)] })],
};

/** The question links to a page that opens in a new tab. */
export const WithLink: Story = {
  loaders: [dockLoader({ requests: [ask(RUNBOOK)] })],
};

/** A secret prompt: the answer field masks what is typed. */
export const SecretQuestion: Story = {
  loaders: [dockLoader({ requests: [ask(API_KEY)], drive: (d) => d.type("api_key", "sk_test_4eC39HqLyjWDarjtT1zdp7dc") })],
};

/** A question flagged `isSecret` with no secret store: masked all the same, and no credential warning. */
export const SecretFlagOnly: Story = {
  loaders: [
    dockLoader({
      drive: async (d) => {
        const now = d.clock.now();
        const record = { id: "request-1", sessionKey: "agent:main:main", runId: "run-1", questions: [DEPLOY_TOKEN], createdAtMs: now, expiresAtMs: now + 15 * 60_000, status: "pending" };
        d.sim.broadcast("question.requested", record);
        await d.until((s) => s.records.get(record.id) !== undefined, "the flagged secret in the dock");
        d.type(DEPLOY_TOKEN.questionId, "sk_test_4eC39HqLyjWDarjtT1zdp7dc");
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByLabelText("Other");
    await expect(field).toHaveAttribute("type", "password");
    await expect(within(canvasElement).queryByText(/looks like a password or key/)).toBeNull();
  },
};

/** Agent text that looks like HTML stays text; an unsafe link is dropped; long words wrap; RTL reads right to left. */
export const LongUntrustedText: Story = {
  loaders: [dockLoader({ requests: [ask(UNTRUSTED)] })],
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("img, script")).toBeNull();
    await expect(within(canvasElement).getByRole("heading", { name: /<img src=x onerror=alert\(1\)>/ })).toBeVisible();
  },
};

/**
 * Twenty options, as the next OpenClaw release allows: the list scrolls inside the dock, digits pick the first nine,
 * arrows reach the rest, and the fields the dock does not read (an option's value and preview) stay out of sight.
 */
export const LongOptionList: Story = {
  loaders: [dockLoader({ questionSchema: "next", requests: [ask(LONG_REGIONS)] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole("radiogroup", { name: LONG_REGIONS.question });
    await expect(within(group).getAllByRole("radio")).toHaveLength(20);
    await expect(within(canvas.getByRole("radio", { name: "Oslo" })).queryByText("10")).toBeNull();
    await expect(canvas.queryByText("Closest to most users")).toBeNull();
  },
};

/** The recommended single question in the dark theme. */
export const SingleQuestionDark: Story = {
  ...SingleQuestionRecommended,
  globals: { theme: "dark" },
};
