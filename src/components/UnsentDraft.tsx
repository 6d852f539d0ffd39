import { useEffect, useRef, useState } from "react";
import { entryOf, type IdTable } from "../protocol/id-table";
import { formatAnswerText } from "../protocol/answer-text";
import type { QuestionRecord } from "../protocol/question-record";
import { unsentEnglish } from "../messages";
import { useViewWords } from "../hooks/use-messages";
import type { QuestionDraft } from "../store/dock/state";

/** What the person chose or typed when the question went away, with Copy; `mayHaveArrived` if it left unconfirmed. */
export function UnsentDraft({ record, unsent, mayHaveArrived = false }: { record: QuestionRecord; unsent: IdTable<QuestionDraft>; mayHaveArrived?: boolean }) {
  // Everything the person produced, choices and typed text alike: the point is that none of it is lost.
  const items = record.questions.flatMap((q) => {
    const draft = entryOf(unsent, q.questionId);
    return draft ? [{ title: q.question, values: draft.other.trim() ? [...draft.selected, draft.other] : [...draft.selected] }] : [];
  });
  const text = formatAnswerText(items);
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const settle = (next: "copied" | "failed") => {
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2000);
  };
  // Without a clipboard (an insecure page, an old browser) a copy fails as a refused write does.
  const copy = () => (navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject()).then(() => settle("copied"), () => settle("failed"));
  const words = useViewWords("unsent", unsentEnglish);
  if (items.length === 0) return null;
  return (
    <div className="qd-unsent">
      <p className="qd-unsent__title">{mayHaveArrived ? words.mayNotHaveArrived : words.notSent}</p>
      {items.map((item, i) => (
        <p key={i} className="qd-unsent__line">
          {item.values.join(", ")}
        </p>
      ))}
      <button type="button" className="qd-button qd-button--quiet" onClick={copy}>
        {words.copy}
      </button>
      <span className="qd-unsent__status" role="status">
        {state === "copied" ? words.copied : state === "failed" ? words.copyFailed : ""}
      </span>
    </div>
  );
}
