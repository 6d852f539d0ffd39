import { entryOf } from "../protocol/id-table";
import type { Outcome } from "../store/dock/state";
import { summaryEnglish } from "../messages";
import { useViewWords, useWords } from "../hooks/use-messages";
import { useFeatureViews, useThemeAttribute } from "../hooks/dock-context";
import { isAnsweredOutcome } from "../hooks/use-outcomes";
import { answerText } from "./answer-line";
import { DockErrorBoundary } from "./DockErrorBoundary";
import { UnsentDraft } from "./UnsentDraft";
import { classes, type ViewProps } from "./view-props";

/** Props of `QuestionSummary`. */
export interface QuestionSummaryProps extends ViewProps {
  outcome: Outcome;
}

/** A summary's questions in order, each with its answer where it has one; `missing` marks a stand-in ("No answer"). */
export function SummaryLines({ lines }: { lines: readonly { question: string; answer?: string; missing?: boolean }[] }) {
  return (
    <ul className="qd-summary__lines">
      {lines.map((line, i) => (
        <li key={i} className="qd-summary__line">
          <span className="qd-summary__question">{line.question}</span>
          {line.answer !== undefined && (
            <span className="qd-summary__answer" data-missing={line.missing || undefined}>
              {line.answer}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A transcript entry for a finished request: its outcome, then each question with its answer on one line. */
export function QuestionSummary(props: QuestionSummaryProps) {
  // The transcript belongs to the host: a summary that fails to render says so in its place, and nothing else goes.
  return (
    <DockErrorBoundary fallback={<SummaryError {...props} />}>
      <SummaryBody {...props} />
    </DockErrorBoundary>
  );
}

function SummaryError({ outcome, className, style }: QuestionSummaryProps) {
  const questions = Array.isArray(outcome.record?.questions) ? outcome.record.questions : [];
  const words = useViewWords("summary", summaryEnglish);
  return (
    <article className={classes("qd-summary", className)} style={style} data-theme={useThemeAttribute()} aria-label={words.errorLabel}>
      <p className="qd-summary__status">{words.errorText}</p>
      <SummaryLines lines={questions.map((q) => ({ question: String(q?.question ?? "") }))} />
    </article>
  );
}

function SummaryBody({ outcome, className, style }: QuestionSummaryProps) {
  const m = useWords().messages;
  const words = useViewWords("summary", summaryEnglish);
  const theme = useThemeAttribute();
  // Async summaries come with asyncQuestionsFeature, so a blocking dock's transcript bundles none of their controls.
  const { AsyncSummary } = useFeatureViews();
  const by = outcome.record.resolvedBy;
  // An end the kit has no words for is named by the gateway's own value, cut to a line.
  const label = outcome.kind === "ended" && typeof by === "string" ? words.endedBy({ by: by.slice(0, 80) }) : m.outcomes[outcome.kind];
  // An unknown cause gets no sentence rather than a guess.
  const cancelReason = typeof by === "string" ? entryOf<string>(words.cancelReasons, by) : undefined;
  if (outcome.async && AsyncSummary) return <AsyncSummary outcome={outcome} label={label} className={className} style={style} />;
  // An end the kit has no words for still shows the answer the gateway recorded, if there is one.
  const answered = isAnsweredOutcome(outcome.kind) || (outcome.kind === "ended" && outcome.answers !== undefined);
  return (
    <article className={classes("qd-summary", className)} style={style} data-theme={theme} data-outcome={outcome.kind} data-state={outcome.kind} aria-label={words.label({ outcome: label })}>
      <p className="qd-summary__status">{label}</p>
      {outcome.kind === "cancelled" && cancelReason && <p className="qd-summary__reason">{cancelReason}</p>}
      {outcome.kind === "no-answer" && <p className="qd-summary__reason">{words.noAnswerNotes[outcome.noAnswerReason === "cancelled" ? "cancelled" : "unknown"]}</p>}
      <SummaryLines
        lines={outcome.record.questions.map((q) => {
          const text = answered ? answerText(q, entryOf(outcome.answers?.answers, q.questionId), m.secretMask) : undefined;
          return { question: q.question, answer: text ?? (answered ? words.noAnswer : label), missing: !text };
        })}
      />
      {outcome.unsent && <UnsentDraft record={outcome.record} unsent={outcome.unsent} mayHaveArrived={outcome.unsentMayHaveArrived === true} />}
    </article>
  );
}
