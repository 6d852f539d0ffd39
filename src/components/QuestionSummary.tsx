import { entryOf } from "../protocol";
import type { Outcome, OutcomeKind } from "../store/types";
import { useOutcomes } from "../hooks/use-outcomes";
import { answerText } from "./answer-text";
import { AsyncSummary } from "./AsyncSummary";
import { DockErrorBoundary } from "./DockErrorBoundary";
import { UnsentDraft } from "./UnsentDraft";

/** The words each outcome shows beside the question. */
export const OUTCOME_LABELS: Record<OutcomeKind, string> = {
  answered: "Answered",
  "answered-elsewhere": "Answered elsewhere",
  skipped: "Skipped",
  "skipped-elsewhere": "Skipped elsewhere",
  cancelled: "Cancelled",
  expired: "Expired",
  unavailable: "Unavailable",
  retired: "No longer pending",
  "no-answer": "No answer",
};

/** Why the agent's side cancelled, by the gateway's `resolvedBy`; an unknown cause gets no sentence rather than a guess. */
export const CANCEL_REASONS: Readonly<Record<string, string>> = {
  "run-abort": "The agent's run was stopped.",
  "superseded-input": "A newer message replaced the agent's turn.",
  "requester-inactive": "The agent's run ended before an answer.",
};

/** What a summary read back from the conversation history says when it shows no answer: never more than the history does. */
export const NO_ANSWER_NOTES = {
  cancelled: "It was skipped or cancelled; the conversation history does not say by whom.",
  unknown: "The conversation history does not say why.",
} as const;

/** Props of `QuestionSummary`. */
export interface QuestionSummaryProps {
  outcome: Outcome;
}

/** A transcript entry for a finished request: its outcome, then each full question with its answer on one line. */
export function QuestionSummary({ outcome }: QuestionSummaryProps) {
  // The transcript belongs to the host: a summary that fails to render says so in its place, and nothing else goes.
  return (
    <DockErrorBoundary fallback={() => <SummaryError outcome={outcome} />}>
      <SummaryBody outcome={outcome} />
    </DockErrorBoundary>
  );
}

function SummaryError({ outcome }: QuestionSummaryProps) {
  const questions = Array.isArray(outcome.record?.questions) ? outcome.record.questions : [];
  return (
    <article className="qd-summary" aria-label="Question, could not be shown">
      <p className="qd-summary__status">This summary could not be shown.</p>
      <ul className="qd-summary__lines">
        {questions.map((q, i) => (
          <li key={i} className="qd-summary__line">
            <span className="qd-summary__question">{String(q?.question ?? "")}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

function SummaryBody({ outcome }: QuestionSummaryProps) {
  const label = OUTCOME_LABELS[outcome.kind];
  if (outcome.async) return <AsyncSummary outcome={outcome} label={label} />;
  const answered = outcome.kind === "answered" || outcome.kind === "answered-elsewhere";
  return (
    <article className="qd-summary" data-outcome={outcome.kind} aria-label={`Question, ${label.toLowerCase()}`}>
      <p className="qd-summary__status">{label}</p>
      {outcome.kind === "cancelled" && typeof outcome.record.resolvedBy === "string" && entryOf(CANCEL_REASONS, outcome.record.resolvedBy) && (
        <p className="qd-summary__reason">{entryOf(CANCEL_REASONS, outcome.record.resolvedBy)}</p>
      )}
      {outcome.kind === "no-answer" && (
        <p className="qd-summary__reason">{outcome.noAnswerReason === "cancelled" ? NO_ANSWER_NOTES.cancelled : NO_ANSWER_NOTES.unknown}</p>
      )}
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
      {outcome.unsent && <UnsentDraft record={outcome.record} unsent={outcome.unsent} mayHaveArrived={outcome.unsentMayHaveArrived === true} />}
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
