import { useMessages } from "../hooks/use-messages";
import type { QuestionRecord } from "../protocol/question-record";

/**
 * What a prompt that failed to render shows: a plain message, the raw question text as text, and Skip (`onSkip`),
 * so the agent is not left waiting on a question nobody can see.
 */
export function PromptError({ record, onSkip }: { record: QuestionRecord; onSkip: () => void }) {
  const questions = Array.isArray(record.questions) ? record.questions : [];
  const m = useMessages();
  return (
    <div className="qd-prompt-error" role="alert">
      <p className="qd-prompt-error__title">{m.promptError.title}</p>
      {questions.length > 0 && (
        <ul className="qd-prompt-error__questions" aria-label={m.promptError.questionText}>
          {questions.map((q, i) => (
            <li key={i}>{String(q?.question ?? "")}</li>
          ))}
        </ul>
      )}
      <p className="qd-prompt-error__hint">{m.promptError.hint}</p>
      <button type="button" className="qd-button" onClick={onSkip}>
        {m.footer.skip}
      </button>
    </div>
  );
}
