// Storybook glue: each story loads its own running dock (see story-dock.ts), renders inside its provider,
// and stops it when Storybook leaves the story.
import type { Decorator, Meta, StoryContext } from "@storybook/react-vite";
import { QuestionDock, QuestionDockProvider, type DockTheme } from "../../src";
import type { QuestionDockMessagesOverride } from "../../src/messages";
import type { Outcome } from "../../src/store";
import { createStoryDock, type DockScenario, type StoryDock } from "./story-dock";
import "./story-frame.css";

/** A loader that starts the story's dock; Storybook hands the result to the story as `loaded.dock`. */
export function dockLoader(scenario: DockScenario = {}) {
  return async () => ({ dock: await createStoryDock(scenario) });
}

/** The dock a story loaded; throws when the story has no `dockLoader`. */
export function loadedDock(context: Pick<StoryContext, "loaded">): StoryDock {
  const dock = context.loaded["dock"] as StoryDock | undefined;
  if (!dock) throw new Error("This story needs `loaders: [dockLoader(…)]`.");
  return dock;
}

/** A `beforeEach` that stops the loaded dock when Storybook tears the story down. */
export function disposeLoadedDock(context: Pick<StoryContext, "loaded">): () => void {
  const dock = context.loaded["dock"] as StoryDock | undefined;
  return () => dock?.dispose();
}

/** Renders the story inside its loaded dock's provider, in a frame as wide as a chat column. */
export const withStoryDock: Decorator = (Story, context) => (
  // A story picks its words with `parameters.messages`, its formats with `parameters.locale` (BCP 47) and its
  // theme with `parameters.theme`, as a host does.
  <QuestionDockProvider
    store={loadedDock(context).store}
    locale={(context.parameters["locale"] as string | undefined) ?? "en"}
    messages={context.parameters["messages"] as QuestionDockMessagesOverride | undefined}
    theme={(context.parameters["theme"] as DockTheme | undefined) ?? "system"}
  >
    <div className="story-frame">
      <Story />
    </div>
  </QuestionDockProvider>
);

/** What every QuestionDock story file's meta shares: the stepper layout, the story's own dock, and its clock. */
export const dockStoryMeta = {
  component: QuestionDock,
  args: { layout: "stepper" },
  decorators: [withStoryDock],
  beforeEach: disposeLoadedDock,
  render: (args) => <QuestionDock {...args} />,
} satisfies Partial<Meta<typeof QuestionDock>>;

/** Narrows the story to a phone's width; "auto" layouts still follow the real window, so pass a layout too. */
export function withWidth(px: number): Decorator {
  return (Story) => (
    <div className="story-width" style={{ width: px }}>
      <Story />
    </div>
  );
}

/** The outcome of the request that ended last in the loaded dock. */
export function lastOutcome(context: Pick<StoryContext, "loaded">): Outcome {
  const outcome = [...loadedDock(context).state().outcomes.values()].at(-1);
  if (!outcome) throw new Error("The story's scenario ended no request.");
  return outcome;
}
