import { useId } from "react";
import type { QueuedAnswerEdit } from "../hooks/use-queued-answer-edit";
import { useMessages } from "../hooks/use-messages";

/** The text of a queued async answer, open for editing, with Save and Cancel (Ctrl/Cmd+Enter and Esc). */
export function QueuedAnswerEditor({ edit }: { edit: QueuedAnswerEdit }) {
  const m = useMessages();
  const fieldId = useId();
  const { bindField, text, setText, onFieldKeyDown, refused, canSave, save, cancel } = edit;
  return (
    <div className="qd-answer-edit">
      <label className="qd-answer-edit__label" htmlFor={fieldId}>
        {m.editAnswer.field}
      </label>
      <textarea
        id={fieldId}
        ref={bindField}
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
  );
}
