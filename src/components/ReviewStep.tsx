import { useId } from "react";
import { STEP_ATTR } from "../hooks/use-prompt-focus";
import { useQuestionStep } from "../hooks/use-question-step";
import { draftOf, valuesOf } from "../store/selectors";
import { answerText } from "./answer-text";

/** Props of `ReviewStep`. */
export interface ReviewStepProps {
  requestId: string;
}

/** The last step of a multi-question prompt: every answer, each with a button back to its question. */
export function ReviewStep({ requestId }: ReviewStepProps) {
  const headingId = useId();
  const s = useQuestionStep(requestId);
  if (!s) return null;
  const attrs = { [STEP_ATTR]: "" };
  return (
    <div className="qd-review" tabIndex={-1} aria-labelledby={headingId} role="group" {...attrs}>
      <h3 className="qd-question__text" id={headingId}>
        Check your answers
      </h3>
      <ol className="qd-review__list">
        {s.record.questions.map((q, i) => {
          const text = answerText(q, valuesOf(q, draftOf(s.view, q.questionId)));
          return (
            <li key={q.questionId} className="qd-review__item">
              <span className="qd-review__question">{q.question}</span>
              <span className="qd-review__answer" data-missing={text ? undefined : true}>
                {text ?? "No answer yet"}
              </span>
              <button type="button" className="qd-button qd-button--quiet qd-review__edit" aria-label={`Edit: ${q.question}`} onClick={() => s.goTo(i)}>
                Edit
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
