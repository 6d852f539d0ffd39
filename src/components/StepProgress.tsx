import { useQuestionStep } from "../hooks/use-question-step";

/** Props of `StepProgress`. */
export interface StepProgressProps {
  requestId: string;
}

/** "Question 2 of 3" with one clickable segment per question; nothing for a single-question prompt. */
export function StepProgress({ requestId }: StepProgressProps) {
  const s = useQuestionStep(requestId);
  if (!s || !s.hasStepper) return null;
  return (
    <div className="qd-progress">
      <p className="qd-progress__text">{s.isReview ? "Review your answers" : `Question ${s.step + 1} of ${s.questionCount}`}</p>
      <ol className="qd-progress__segments">
        {s.record.questions.map((q, i) => (
          <li key={q.questionId}>
            <button
              type="button"
              className="qd-segment"
              data-answered={s.answered[i] || undefined}
              aria-current={i === s.step ? "step" : undefined}
              aria-label={`Question ${i + 1}: ${q.header || q.question}${s.answered[i] ? ", answered" : ""}`}
              onClick={() => s.goTo(i)}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}
