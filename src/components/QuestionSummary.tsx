import { entryOf } from "../protocol";
import type { Outcome, OutcomeKind } from "../store/types";
import { useOutcomes } from "../hooks/use-outcomes";
import { answerText } from "./answer-text";
import { AsyncSummary } from "./AsyncSummary";

/** The words each outcome shows beside the question. */
export const OUTCOME_LABELS: Record<OutcomeKind, string> = {
  answered: "Answered",
  "answered-elsewhere": "Answered elsewhere",
  skipped: "Skipped",
  expired: "Expired",
  unavailable: "Unavailable",
  retired: "No longer pending",
};

/** Props of `QuestionSummary`. */
export interface QuestionSummaryProps {
  outcome: Outcome;
}

/** A transcript entry for a finished request: its outcome, then each full question with its answer on one line. */
export function QuestionSummary({ outcome }: QuestionSummaryProps) {
  const label = OUTCOME_LABELS[outcome.kind];
  if (outcome.async) return <AsyncSummary outcome={outcome} label={label} />;
  const answered = outcome.kind === "answered" || outcome.kind === "answered-elsewhere";
  return (
    <article className="qd-summary" data-outcome={outcome.kind} aria-label={`Question, ${label.toLowerCase()}`}>
      <p className="qd-summary__status">{label}</p>
      <ul className="qd-summary__lines">
        {outcome.record.questions.map((q) => {
          const text = answered ? answerText(q, entryOf(outcome.answers?.answers, q.questionId)) : undefined;
          return (
            <li key={q.questionId} className="qd-summary__line">
              <span className="qd-summary__question">{q.question}</span>
              <span className="qd-summary__answer" data-missing={text ? undefined : true}>
                {text ?? (answered ? "No answer" : label)}
              </span>
            </li>
          );
        })}
      </ul>
    </article>
  );
}

/** Every finished request of the dock as summaries, oldest first; nothing is evicted by time. */
export function QuestionSummaryList() {
  const outcomes = useOutcomes();
  if (outcomes.length === 0) return null;
  return (
    <ol className="qd-summaries">
      {outcomes.map((o) => (
        <li key={o.record.id}>
          <QuestionSummary outcome={o} />
        </li>
      ))}
    </ol>
  );
}
