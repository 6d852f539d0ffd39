import type { RefObject } from "react";
import { useMessages } from "../hooks/use-messages";
import { useMissingAnswers, type MissingQuestion } from "../hooks/use-missing-answers";
import type { QuestionDockMessages } from "../messages";

/** Props of `MissingAnswers`. */
export interface MissingAnswersProps {
  requestId: string;
  /** The prompt panel holding the question cards. */
  panelRef: RefObject<HTMLElement | null>;
}

// A header is what the cards show above each question; a question without one is named by its place.
function nameOf({ question, index }: MissingQuestion, m: QuestionDockMessages): string {
  const header = question.header.trim();
  return header || m.missingAnswers.numbered({ index });
}

/** After a submit with open questions in stacked cards: which ones, and a button into the first. */
export function MissingAnswers({ requestId, panelRef }: MissingAnswersProps) {
  const m = useMessages();
  const { missing, focusFirst } = useMissingAnswers(requestId, panelRef);
  if (missing.length === 0) return null;
  const names = missing.map((q) => nameOf(q, m));
  return (
    <div className="qd-missing">
      <p className="qd-error" role="alert">
        {m.missingAnswers.text({ questions: names.join(", ") })}
      </p>
      <button type="button" className="qd-button qd-button--quiet" onClick={focusFirst}>
        {m.missingAnswers.goTo({ question: names[0]! })}
      </button>
    </div>
  );
}
