import { useEffect, useMemo, type RefObject } from "react";
import { useMessages } from "../hooks/use-messages";
import { QUESTION_ATTR } from "../hooks/use-dock-keyboard";
import { focusFirstControl } from "../hooks/use-prompt-focus";
import { useStepNavigation } from "../hooks/use-question-step";
import type { Submission } from "../store/dock/state";

// Each refused submit moves focus once: a view that mounts again (a collapse and expand) must not pull it again.
const focusedFor = new WeakSet<Submission>();

/**
 * After a submit with open questions in stacked cards: which ones, and a button into the first. Each such attempt
 * moves focus into the first of them, inside `panelRef`; the list stays current as they get answers.
 */
export function MissingAnswers({ requestId, panelRef }: { requestId: string; panelRef: RefObject<HTMLElement | null> }) {
  const m = useMessages();
  const nav = useStepNavigation(requestId, "stacked");
  const submission = nav?.submission;
  const refused = submission?.status === "error" && submission.code === "unanswered";
  const questions = nav?.record.questions;
  const answered = nav?.answered;
  const missing = useMemo(() => (refused && questions && answered ? questions.flatMap((question, i) => (answered[i] ? [] : [{ question, index: i + 1 }])) : []), [refused, questions, answered]);
  const firstId = missing[0]?.question.questionId;
  // Ids come from the gateway, so no selector is built from them.
  const focusFirst = () => {
    const card = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(`[${QUESTION_ATTR}]`) ?? []).find((el) => el.getAttribute(QUESTION_ATTR) === firstId);
    if (card && firstId !== undefined) focusFirstControl(card);
  };
  useEffect(() => {
    if (!refused || !submission || focusedFor.has(submission)) return;
    focusedFor.add(submission);
    focusFirst();
  });
  if (missing.length === 0) return null;
  // A header is what the cards show above each question; a question without one is named by its place.
  const names = missing.map(({ question, index }) => question.header.trim() || m.missingAnswers.numbered({ index }));
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
