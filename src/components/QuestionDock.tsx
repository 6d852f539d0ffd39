import { warnInDevelopment } from "../hooks/dev-warning";
import { CollapsedBar, DockHeader, Missing, Panel, PromptFooter, ReviewStep, StepProgress } from "./DockParts";
import { DockRoot, type QuestionDockRootProps } from "./DockRoot";
import { Options, Other, QuestionText, Questions } from "./QuestionParts";

/** Props of `QuestionDock`. */
export type QuestionDockProps = Omit<QuestionDockRootProps, "children">;

/** The default prompt box: progress, the question or review, the open questions of stacked cards, and the footer. */
export function DefaultPanel() {
  return (
    <Panel>
      <StepProgress />
      <Questions />
      <ReviewStep />
      <Missing />
      <PromptFooter />
    </Panel>
  );
}

/** The question dock: the active request's prompt, or a slim indicator when collapsed, or nothing when idle. */
function QuestionDockView(props: QuestionDockProps) {
  // `theme` moved to the provider; TypeScript says so, a host in plain JavaScript would only see the colours stay.
  if ((props as { theme?: unknown }).theme !== undefined) warnInDevelopment('QuestionDock no longer takes "theme": pass it to QuestionDockProvider, where every view follows it.');
  return (
    <DockRoot {...props}>
      <CollapsedBar />
      <DockHeader />
      <DefaultPanel />
    </DockRoot>
  );
}

/**
 * The question dock, and its parts for a host's own arrangement: `Root` holds the keys, focus and announcements,
 * and every other part renders inside it, in any order.
 */
export const QuestionDock = Object.assign(QuestionDockView, {
  Root: DockRoot,
  Header: DockHeader,
  Progress: StepProgress,
  Panel,
  Questions,
  Prompt: QuestionText,
  Options,
  Other,
  Review: ReviewStep,
  Missing,
  Footer: PromptFooter,
  CollapsedBar,
});
