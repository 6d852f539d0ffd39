import { warnInDevelopment } from "../hooks/dev-warning";
import { CollapsedBar, DockHeader, Missing, Panel, PromptFooter, ReviewStep, StepProgress } from "./DockParts";
import { DockRoot, type QuestionDockRootProps } from "./DockRoot";
import { Options, Other, QuestionText, Questions } from "./QuestionParts";
declare const process: { env: { NODE_ENV?: string } } | undefined;

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

function QuestionDockView(props: QuestionDockProps) {
  // TypeScript rejects `theme` here; a host in plain JavaScript would otherwise see its colours silently ignored.
  if (typeof process !== "undefined" && process.env.NODE_ENV !== "production" && (props as { theme?: unknown }).theme !== undefined) warnInDevelopment('QuestionDock no longer takes "theme": pass it to QuestionDockProvider, where every view follows it.');
  return (
    <DockRoot {...props}>
      <CollapsedBar />
      <DockHeader />
      <DefaultPanel />
    </DockRoot>
  );
}

/** The question dock, and its parts for a host's own arrangement inside `Root`, in any order. */
export const QuestionDock = /* @__PURE__ */ Object.assign(QuestionDockView, {
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
