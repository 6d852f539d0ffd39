import type { Meta, StoryContext, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { QuestionPage } from "../src";
import { DEPLOY, ask } from "./support/sample-questions";
import { createPageStory, type PageStory } from "./support/question-page-story";
import "./support/story-frame.css";

function loadedPage(context: Pick<StoryContext, "loaded">): PageStory {
  const page = context.loaded["page"] as PageStory | undefined;
  if (!page) throw new Error("This story needs a page loader.");
  return page;
}

/** A loader that puts the story's question on a fresh simulated gateway; `ask` returns the id the link names. */
const pageLoader = (askIt: (sim: PageStory["sim"]) => string) => async () => ({ page: await createPageStory(askIt) });
const pending = pageLoader((sim) => sim.ask(ask(DEPLOY)).id);

/** A question link (`#/question/<id>`): one question, read with question.get, in the dock's stepper or as it ended. */
const meta = {
  title: "QuestionPage/Question link",
  component: QuestionPage,
  // The props come from the loaded page; these stand in for the type.
  args: { client: undefined as never, questionId: "" },
  beforeEach: (context) => () => loadedPage(context).dispose(),
  render: (_args, context) => {
    const page = loadedPage(context);
    return (
      <div className="story-frame">
        <QuestionPage client={page.client} questionId={page.questionId} draftStorage={page.draftStorage} clock={page.clock} />
      </div>
    );
  },
} satisfies Meta<typeof QuestionPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Read while the gateway has not answered yet. */
export const Loading: Story = {
  loaders: [
    async () => {
      const { page } = await pending();
      page.stallable.stall();
      return { page };
    },
  ],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toHaveTextContent("Loading the question…");
  },
};

/** Waiting for an answer: the same stepper as the dock. */
export const Pending: Story = {
  loaders: [pending],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("radio", { name: /Staging/ })).toBeVisible();
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Question: Deploy");
  },
};

/** Answered on this page. */
export const Answered: Story = {
  loaders: [pending],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("radio", { name: /Production/ }));
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await canvas.findByRole("article", { name: "Question, answered" })).toBeVisible();
  },
};

/** Answered by another surface before the link was opened. */
export const AnsweredElsewhere: Story = {
  loaders: [
    pageLoader((sim) => {
      const { id } = sim.ask(ask(DEPLOY));
      sim.resolve(id, { deploy_target: ["Staging (Recommended)"] }, "control-ui:phone");
      return id;
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("article", { name: "Question, answered elsewhere" })).toBeVisible();
  },
};

/** Its time ran out before anyone answered. */
export const Expired: Story = {
  loaders: [
    async () => {
      const { page } = await pageLoader((sim) => sim.ask({ ...ask(DEPLOY), timeoutMs: 30_000 }).id)();
      page.clock.advance(31_000);
      return { page };
    },
  ],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("article", { name: "Question, expired" })).toBeVisible();
  },
};

/** The gateway restarted and lost it: Unavailable, with the typed text kept to copy. */
export const UnavailableWithTypedText: Story = {
  loaders: [pending],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole("textbox", { name: "Other" }), "canary first");
    loadedPage({ loaded }).sim.restart();
    const gone = await canvas.findByRole("article", { name: "Question, unavailable" });
    await expect(within(gone).getByText("canary first")).toBeVisible();
  },
};

/** Reading it again after a reconnect failed: the error, Retry, and the typed text still there. */
export const RefreshFailed: Story = {
  loaders: [pending],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const page = loadedPage({ loaded });
    await userEvent.type(await canvas.findByRole("textbox", { name: "Other" }), "canary first");
    page.refusing.refuseNext("question.get", { code: "UNAVAILABLE", message: "the gateway is still starting" });
    page.sim.dropConnections();
    await expect(await canvas.findByRole("button", { name: "Retry" })).toBeVisible();
    await expect(canvas.getByRole("textbox", { name: "Other" })).toHaveValue("canary first");
  },
};

/** A link to an id the gateway does not know. */
export const UnknownQuestion: Story = {
  loaders: [pageLoader(() => "constructor")],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Unavailable")).toBeVisible();
  },
};
