import { useRef } from "react";
import type { PromptMode } from "../hooks/primary-action";
import { useAutoAdvance } from "../hooks/use-auto-advance";
import { usePromptFocus } from "../hooks/use-prompt-focus";
import { useDockStore } from "../hooks/dock-context";
import { MissingAnswers } from "./MissingAnswers";
import { PromptFooter } from "./PromptFooter";
import { QuestionStep } from "./QuestionStep";
import { ReviewStep } from "./ReviewStep";
import { StepProgress } from "./StepProgress";

/** Props of `QuestionPrompt`. */
export interface QuestionPromptProps {
  requestId: string;
  /** @default "stepper" */
  mode?: PromptMode;
  /** Delay before a single-select pick moves to the next step; 0 or less turns it off. @default 250 */
  autoAdvanceMs?: number;
}

// The bodies read only the record and the step: a keystroke in Other changes the view, and only the parts
// that show drafts (each subscribes for itself) should re-render for it.
function StepperBody({ requestId, autoAdvanceMs }: { requestId: string; autoAdvanceMs: number | undefined }) {
  const record = useDockStore((s) => s.records.get(requestId));
  const step = useDockStore((s) => s.views.get(requestId)?.step ?? 0);
  useAutoAdvance(requestId, autoAdvanceMs === undefined ? {} : { enabled: autoAdvanceMs > 0, delayMs: autoAdvanceMs });
  if (!record) return null;
  // Past the last question is the review step.
  const question = record.questions[step];
  return (
    <>
      <StepProgress requestId={requestId} />
      {question ? <QuestionStep key={question.questionId} requestId={requestId} questionId={question.questionId} /> : <ReviewStep requestId={requestId} />}
    </>
  );
}

function StackedBody({ requestId }: { requestId: string }) {
  const record = useDockStore((s) => s.records.get(requestId));
  if (!record) return null;
  return (
    <div className="qd-cards">
      {record.questions.map((q) => (
        <QuestionStep key={q.questionId} requestId={requestId} questionId={q.questionId} showHeader />
      ))}
    </div>
  );
}

/** One request's panel: the stepper (one question at a time, then a review) or stacked cards, with the footer. */
export function QuestionPrompt({ requestId, mode = "stepper", autoAdvanceMs }: QuestionPromptProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const step = useDockStore((s) => s.views.get(requestId)?.step ?? 0);
  const isAsync = useDockStore((s) => s.asyncOrigins.get(requestId) !== undefined);
  usePromptFocus(panelRef, requestId, mode === "stepper" ? step : "stacked", !isAsync);
  return (
    <div className="qd-prompt" data-mode={mode} tabIndex={-1} ref={panelRef}>
      {mode === "stepper" ? <StepperBody requestId={requestId} autoAdvanceMs={autoAdvanceMs} /> : <StackedBody requestId={requestId} />}
      {mode === "stacked" && <MissingAnswers requestId={requestId} panelRef={panelRef} />}
      <PromptFooter requestId={requestId} mode={mode} />
    </div>
  );
}
