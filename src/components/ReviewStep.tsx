import { useId } from "react";
import { STEP_ATTR } from "../hooks/use-prompt-focus";
import { useMessages } from "../hooks/use-messages";
import { useQuestionStep } from "../hooks/use-question-step";
import { plainTextOf } from "../protocol/markdown";
import { answerText } from "./answer-line";

/** Props of `ReviewStep`. */
export interface ReviewStepProps {
  requestId: string;
}

/** The last step of a multi-question prompt: every answer, each with a button back to its question. */
export function ReviewStep({ requestId }: ReviewStepProps) {
  const headingId = useId();
  const s = useQuestionStep(requestId);
  const m = useMessages();
  if (!s) return null;
  const attrs = { [STEP_ATTR]: "" };
  return (
    <div className="qd-review" tabIndex={-1} aria-labelledby={headingId} role="group" {...attrs}>
      <h3 className="qd-question__text" id={headingId}>
        {m.step.reviewHeading}
      </h3>
      <ol className="qd-review__list">
        {s.record.questions.map((q, i) => {
          const text = answerText(q, s.values[i], m.secretMask);
          return (
            <li key={q.questionId} className="qd-review__item">
              <span className="qd-review__question">{plainTextOf(q.question)}</span>
              <span className="qd-review__answer" data-missing={text ? undefined : true}>
                {text ?? m.step.noAnswerYet}
              </span>
              <button type="button" className="qd-button qd-button--quiet qd-review__edit" aria-label={m.step.edit({ question: plainTextOf(q.question) })} onClick={() => s.goTo(i)}>
                {m.step.editButton}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
