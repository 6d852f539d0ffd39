import type { QuestionRecord } from "../protocol";

/** Props of `PromptError`. */
export interface PromptErrorProps {
  record: QuestionRecord;
  /** Declines the prompt, so the agent is not left waiting on a question nobody can see. */
  onSkip: () => void;
}

/** What a prompt that failed to render shows: a plain message, the raw question text as text, and Skip. */
export function PromptError({ record, onSkip }: PromptErrorProps) {
  const questions = Array.isArray(record.questions) ? record.questions : [];
  return (
    <div className="qd-prompt-error" role="alert">
      <p className="qd-prompt-error__title">This question could not be shown.</p>
      {questions.length > 0 && (
        <ul className="qd-prompt-error__questions" aria-label="Question text">
          {questions.map((q, i) => (
            <li key={i}>{String(q?.question ?? "")}</li>
          ))}
        </ul>
      )}
      <p className="qd-prompt-error__hint">You can skip it, or answer it from another surface.</p>
      <button type="button" className="qd-button" onClick={onSkip}>
        Skip
      </button>
    </div>
  );
}
