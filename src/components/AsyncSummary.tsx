import { useId } from "react";
import { entryOf } from "../protocol/id-table";
import { parseAnswerText } from "../protocol/answer-text";
import { useDelivery, useQueuedAnswerEdit } from "../hooks/use-delivery";
import { isAnsweredOutcome } from "../hooks/use-outcomes";
import { useViewWords, useWords } from "../hooks/use-messages";
import { deliveryEnglish, editAnswerEnglish, summaryEnglish } from "../messages";
import type { Outcome } from "../store/dock/state";
import { useDockActions, useThemeAttribute, type FeatureSummaryProps } from "../hooks/dock-context";
import { answerText } from "./answer-line";
import { SummaryLines } from "./QuestionSummary";
import { UnsentDraft } from "./UnsentDraft";
import { classes } from "./view-props";

// The reply as saved, split per question only when the headings make that certain.
function replyLines(outcome: Outcome, deliveredText: string | undefined, secretMask: string) {
  const titles = outcome.record.questions.map((q) => q.question);
  const text = outcome.async?.replyText ?? deliveredText;
  if (text !== undefined) {
    const parsed = parseAnswerText(text, titles);
    return parsed.kind === "split" ? { lines: parsed.blocks.map((b) => b.answer) } : { whole: parsed.text };
  }
  if (outcome.answers) return { lines: outcome.record.questions.map((q) => answerText(q, entryOf(outcome.answers?.answers, q.questionId), secretMask)) };
  return {};
}

/** The transcript entry of an async (Codex) question: its answer, delivery state and the actions that fit it. */
export function AsyncSummary({ outcome, label, className, style }: FeatureSummaryProps) {
  const actions = useDockActions();
  // Only the groups it shows, so a host's bundle holds none of the other views' English.
  const m = { delivery: useViewWords("delivery", deliveryEnglish), editAnswer: useViewWords("editAnswer", editAnswerEnglish), summary: useViewWords("summary", summaryEnglish), secretMask: useWords().messages.secretMask };
  const delivery = useDelivery(outcome.async?.outboxId);
  const answered = isAnsweredOutcome(outcome.kind);
  const reply = replyLines(outcome, delivery.entry?.message, m.secretMask);
  // Saved history is the proof of delivery; without an outbox entry, an answered reply comes from it.
  const doubt = delivery.entry?.failureCode ? m.delivery.doubts[delivery.entry.failureCode] : delivery.entry?.failureReason;
  const { editing, start, editButton, fallback, field, text, setText, onFieldKeyDown, refused, canSave, save, cancel } = useQueuedAnswerEdit(delivery.entry);
  const fieldId = useId();
  const titles = outcome.record.questions.map((q) => ({ question: q.question }));
  // Answers sit on the question lines only when the reply splits per question; a whole reply or the edit goes below.
  const lines = editing || reply.whole !== undefined ? titles : titles.map((t, i) => ({ ...t, answer: reply.lines?.[i] ?? (answered ? m.summary.noAnswer : label), missing: !reply.lines?.[i] }));
  const deliveryLabel = delivery.label ?? (answered && outcome.async?.replyText !== undefined ? m.delivery.confirmed : undefined);
  return (
    <article className={classes("qd-summary", className)} style={style} data-theme={useThemeAttribute()} data-outcome={outcome.kind} data-state={outcome.kind} data-async="" aria-label={m.summary.label({ outcome: label })}>
      <p className="qd-summary__status">{label}</p>
      <SummaryLines lines={lines} />
      {editing ? (
        <div className="qd-answer-edit">
          <label className="qd-answer-edit__label" htmlFor={fieldId}>
            {m.editAnswer.field}
          </label>
          <textarea
            id={fieldId}
            ref={field}
            className="qd-other__input qd-answer-edit__field"
            rows={4}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onFieldKeyDown}
            aria-keyshortcuts="Control+Enter Meta+Enter Escape"
          />
          {refused && (
            <p className="qd-error" role="alert">
              {m.editAnswer.refused}
            </p>
          )}
          <div className="qd-answer-edit__actions">
            {!refused && (
              <button type="button" className="qd-button qd-button--primary" aria-disabled={!canSave || undefined} onClick={canSave ? save : undefined}>
                {m.editAnswer.save}
              </button>
            )}
            <button type="button" className="qd-button" onClick={cancel}>
              {m.editAnswer.cancel}
            </button>
          </div>
        </div>
      ) : (
        reply.whole !== undefined && <p className="qd-summary__reply">{reply.whole}</p>
      )}
      {outcome.kind === "retired" && outcome.unsent && <UnsentDraft record={outcome.record} unsent={outcome.unsent} />}
      <div className="qd-summary__delivery" tabIndex={-1} ref={fallback}>
        <span role="status">{deliveryLabel ?? ""}</span>
        {doubt && delivery.entry?.state !== "confirmed" && <span className="qd-summary__reason">{doubt}</span>}
        {delivery.entry?.refusedForGood && delivery.entry.state === "failed" && (
          <span className="qd-summary__reason">{m.delivery.refusedForGood}</span>
        )}
        {delivery.canRetry && (
          <button type="button" className="qd-button" onClick={() => actions.retryAnswer(delivery.entry!.id)}>
            {m.delivery.retry}
          </button>
        )}
        {delivery.canEdit && !editing && (
          <button type="button" className="qd-button" ref={editButton} onClick={start}>
            {m.editAnswer.edit}
          </button>
        )}
        {delivery.canDiscard && !editing && (
          <button type="button" className="qd-button" onClick={() => actions.discardAnswer(delivery.entry!.id)}>
            {m.delivery.discard}
          </button>
        )}
        {(outcome.kind === "retired" || outcome.kind === "skipped") && (
          <button type="button" className="qd-button" onClick={() => actions.reopen(outcome.async?.itemId ?? "")}>
            {m.delivery.reopen}
          </button>
        )}
      </div>
    </article>
  );
}
