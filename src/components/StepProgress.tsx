import { useMessages } from "../hooks/use-messages";
import { useStepNavigation } from "../hooks/use-question-step";
import { plainTextOf } from "../protocol/markdown";
import { classes, type ViewProps } from "./view-props";
import { useDockParts } from "./DockRoot";

/** "Question 2 of 3" with one clickable segment per question; nothing for a single question or stacked cards. */
export function StepProgress({ className, style }: ViewProps) {
  const { record, mode, collapsed } = useDockParts();
  const s = useStepNavigation(record.id);
  const m = useMessages();
  if (!s || !s.hasStepper || mode !== "stepper" || collapsed) return null;
  return (
    <div className={classes("qd-progress", className)} style={style}>
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
