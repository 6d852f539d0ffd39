import { useId } from "react";
import { useMessages } from "../hooks/use-messages";
import { useQuestionStep } from "../hooks/use-question-step";
import { plainTextOf } from "../protocol/markdown";
import { answerText } from "./answer-line";
import { classes, type ViewProps } from "./view-props";
import { useDockParts } from "./DockRoot";

/** The stepper's last step of a multi-question prompt: every answer, each with a button back to its question. */
export function ReviewStep(props: ViewProps) {
  const { record, mode, step, collapsed } = useDockParts();
  const reviewing = mode === "stepper" && !collapsed && record.questions.length > 1 && step >= record.questions.length;
  // Only on the review step: the answers it lists change with every keystroke of typed text.
  return reviewing ? <Review requestId={record.id} {...props} /> : null;
}

function Review({ requestId, className, style }: ViewProps & { requestId: string }) {
  const headingId = useId();
  const s = useQuestionStep(requestId);
  const m = useMessages();
  if (!s) return null;
  return (
    <div className={classes("qd-review", className)} style={style} aria-labelledby={headingId} role="group" {...s.reviewProps}>
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
