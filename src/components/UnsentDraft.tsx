import { entryOf, formatAnswerText, type IdTable, type QuestionRecord } from "../protocol";
import { useCopyText } from "../hooks/use-copy-text";
import type { QuestionDraft } from "../store/types";

/** Props of `UnsentDraft`. */
export interface UnsentDraftProps {
  record: QuestionRecord;
  unsent: IdTable<QuestionDraft>;
  /** The answer left but its reply never came: say it may not have arrived, not that it was not sent. */
  mayHaveArrived?: boolean;
}

// Everything the person produced, choices and typed text alike: the point is that none of it is lost.
function valuesOf(draft: QuestionDraft): string[] {
  return draft.other.trim() ? [...draft.selected, draft.other] : [...draft.selected];
}

/** What the person had chosen or typed when the question went away, with Copy to give it to the agent another way. */
export function UnsentDraft({ record, unsent, mayHaveArrived = false }: UnsentDraftProps) {
  const items = record.questions.flatMap((q) => {
    const draft = entryOf(unsent, q.questionId);
    return draft ? [{ title: q.question, values: valuesOf(draft) }] : [];
  });
  const { state, copy } = useCopyText(formatAnswerText(items));
  if (items.length === 0) return null;
  return (
    <div className="qd-unsent">
      <p className="qd-unsent__title">{mayHaveArrived ? "Your answer may not have arrived:" : "Your answer was not sent:"}</p>
      {items.map((item, i) => (
        <p key={i} className="qd-unsent__line">
          {item.values.join(", ")}
        </p>
      ))}
      <button type="button" className="qd-button qd-button--quiet" onClick={copy}>
        Copy answer
      </button>
      <span className="qd-unsent__status" role="status">
        {state === "copied" ? "Copied" : state === "failed" ? "Could not copy; select the text instead" : ""}
      </span>
    </div>
  );
}
