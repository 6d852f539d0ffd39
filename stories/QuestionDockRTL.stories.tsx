import type { Decorator, Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type { QuestionDock } from "../src";
import type { SimAskParams } from "../src/simulated";
import { dockLoader, dockStoryMeta } from "./support/dock-story";
import { DEPLOY, REGION, ask } from "./support/sample-questions";

/** The dock in a right-to-left page (Hebrew) beside the same layout left to right: the layout mirrors, and so do the arrow keys. */
const meta = {
  title: "QuestionDock/Right to left",
  ...dockStoryMeta,
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

// No auto-advance, so arrow keys can walk the options of the question on screen without the stepper moving on.
const BROWSABLE = { layout: "stepper", autoAdvanceMs: 0 } as const;

type Question = SimAskParams["questions"][number];

// The host page sets the direction; the dock only follows it.
const inHebrewPage: Decorator = (Story) => (
  <div dir="rtl" lang="he">
    <Story />
  </div>
);

const DEPLOY_HE: Question = {
  questionId: "deploy_target",
  header: "פריסה",
  question: "לאן לפרוס את השינוי קודם?",
  options: [
    { label: "סביבת בדיקות (Recommended)", description: "בטוח לנסות; רק הצוות רואה" },
    { label: "ייצור", description: "המשתמשים מקבלים את זה מיד" },
  ],
};

const REGION_HE: Question = {
  questionId: "region",
  header: "אזור",
  question: "באיזה אזור לארח את מסד הנתונים החדש?",
  options: [{ label: "אירופה (פרנקפורט)" }, { label: "ארה״ב מזרח" }, { label: "אסיה והפסיפיק" }],
};

const ASIDE_HE: Question = {
  questionId: "notify",
  header: "הודעה",
  question: "לשלוח הודעה לצוות?",
  options: [{ label: "כן" }, { label: "לא" }],
};

const ASIDE: Question = {
  questionId: "notify",
  header: "Notify",
  question: "Tell the team?",
  options: [{ label: "Yes" }, { label: "No" }],
};

// Two requests wait, so the request arrows show; the second is on its second question, so Back and Next show.
function twoRequestsOnStep2(aside: Question, first: Question, firstAnswer: string, second: Question) {
  return dockLoader({
    requests: [ask(aside), ask(first, second)],
    drive: (d) => {
      d.choose(first.questionId, firstAnswer);
      d.goToStep(1);
    },
  });
}

/** A Hebrew prompt in a `dir="rtl"` page: options, Back and Next, and the request arrows all run right to left. */
export const HebrewRightToLeft: Story = {
  args: BROWSABLE,
  decorators: [inHebrewPage],
  loaders: [twoRequestsOnStep2(ASIDE_HE, DEPLOY_HE, "ייצור", REGION_HE)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radiogroup", { name: REGION_HE.question })).toHaveAttribute("dir", "rtl");
    await expect(canvas.getByRole("button", { name: "Back" })).toBeVisible();
  },
};

/** The same layout left to right, to compare with the right-to-left one. */
export const EnglishLeftToRight: Story = {
  args: BROWSABLE,
  loaders: [twoRequestsOnStep2(ASIDE, DEPLOY, "Production", REGION)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radiogroup", { name: REGION.question })).toHaveAttribute("dir", "ltr");
    await expect(canvas.getByRole("button", { name: "Back" })).toBeVisible();
  },
};
