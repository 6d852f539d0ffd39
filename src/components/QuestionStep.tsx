import { useId } from "react";
import { QUESTION_ATTR } from "../hooks/use-dock-keyboard";
import { STEP_ATTR } from "../hooks/use-prompt-focus";
import { useDockStore } from "../hooks/dock-context";
import { useMessages } from "../hooks/use-messages";
import { MarkdownText } from "./MarkdownText";
import { OptionList } from "./OptionList";
import { OtherField } from "./OtherField";
import { QuestionLink } from "./QuestionLink";

/** Props of `QuestionStep`. */
export interface QuestionStepProps {
  requestId: string;
  questionId: string;
  /** Show the question's short header above it (stacked cards do; the stepper shows it in the dock header). */
  showHeader?: boolean;
}

/** One question: its text, optional link, options and Other field. */
export function QuestionStep({ requestId, questionId, showHeader = false }: QuestionStepProps) {
  const textId = useId();
  const question = useDockStore((s) => s.records.get(requestId)?.questions.find((q) => q.questionId === questionId));
  const m = useMessages();
  if (!question) return null;
  const attrs = { [QUESTION_ATTR]: questionId, [STEP_ATTR]: "" };
  return (
    <div className="qd-question" {...attrs}>
      {showHeader && question.header && <p className="qd-chip">{question.header}</p>}
      <MarkdownText as="h3" className="qd-question__text" id={textId} text={question.question} />
      {question.multiSelect && question.options.length > 0 && <p className="qd-hint">{m.step.chooseAll}</p>}
      {question.url && <QuestionLink url={question.url} />}
      <OptionList requestId={requestId} questionId={questionId} labelledBy={textId} />
      <OtherField requestId={requestId} questionId={questionId} />
    </div>
  );
}
