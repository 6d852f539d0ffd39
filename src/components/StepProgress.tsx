import { useMessages } from "../hooks/use-messages";
import { useStepNavigation } from "../hooks/use-question-step";
import { plainTextOf } from "../protocol/markdown";

/** Props of `StepProgress`. */
export interface StepProgressProps {
  requestId: string;
}

/** "Question 2 of 3" with one clickable segment per question; nothing for a single-question prompt. */
export function StepProgress({ requestId }: StepProgressProps) {
  const s = useStepNavigation(requestId);
  const m = useMessages();
  if (!s || !s.hasStepper) return null;
  return (
    <div className="qd-progress">
      <p className="qd-progress__text">{s.isReview ? m.step.reviewTitle : m.step.progress({ index: s.step + 1, count: s.questionCount })}</p>
      <ol className="qd-progress__segments">
        {s.record.questions.map((q, i) => (
          <li key={q.questionId}>
            <button
              type="button"
              className="qd-segment"
              data-answered={s.answered[i] || undefined}
              aria-current={i === s.step ? "step" : undefined}
              aria-label={m.step.segment({ index: i + 1, title: q.header || plainTextOf(q.question), answered: s.answered[i] === true })}
              onClick={() => s.goTo(i)}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}
