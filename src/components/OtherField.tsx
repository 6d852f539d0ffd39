import { useOtherField } from "../hooks/use-other-field";
import { OTHER_ATTR } from "../hooks/use-dock-keyboard";

/** Props of `OtherField`. */
export interface OtherFieldProps {
  requestId: string;
  questionId: string;
}

/** The free-text "Other" answer; plain Enter adds a line. Rendered only for questions that accept free text. */
export function OtherField({ requestId, questionId }: OtherFieldProps) {
  const field = useOtherField(requestId, questionId);
  if (!field) return null;
  const shared = {
    id: field.id,
    className: "qd-other__input",
    value: field.value,
    onChange: field.onChange,
    placeholder: "Type your own answer",
    [OTHER_ATTR]: questionId,
  };
  return (
    <div className="qd-other">
      <div className="qd-other__head">
        <label className="qd-other__label" htmlFor={field.id}>
          Other
        </label>
        <kbd className="qd-kbd" aria-hidden="true">
          {field.shortcut}
        </kbd>
      </div>
      {field.secret ? <input type="password" autoComplete="off" spellCheck={false} {...shared} /> : <textarea rows={2} {...shared} />}
    </div>
  );
}
