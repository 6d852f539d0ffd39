import { useMessages } from "../hooks/use-messages";
import { useOtherField } from "../hooks/use-other-field";
import { classes, type ViewProps } from "./view-props";

/** Props of `OtherField`. */
export interface OtherFieldProps extends ViewProps {
  requestId: string;
  questionId: string;
}

/**
 * The free-text "Other" answer; plain Enter adds a line. Rendered only for questions that accept free text.
 * Text typed before an option was picked stays, marked "Not chosen"; pressing in the field, its digit, or typing makes it the answer again.
 */
export function OtherField({ requestId, questionId, className, style }: OtherFieldProps) {
  const field = useOtherField(requestId, questionId);
  const m = useMessages();
  if (!field) return null;
  const shared = { className: field.notChosen ? "qd-other__input qd-other__input--not-chosen" : "qd-other__input", ...field.inputProps };
  return (
    <div className={classes("qd-other", className)} style={style}>
      <div className="qd-other__head">
        <label className="qd-other__label" {...field.labelProps}>
          {m.other.label}
        </label>
        {field.shortcut !== undefined && (
          <kbd className="qd-kbd" aria-hidden="true">
            {field.shortcut}
          </kbd>
        )}
        {field.notChosen ? (
          <span className="qd-other__hint" id={field.hintId}>
            {m.other.notChosen}
          </span>
        ) : null}
      </div>
      {field.secret ? <input type="password" autoComplete="off" spellCheck={false} {...shared} /> : <textarea rows={2} {...shared} />}
      {field.credential ? (
        <p className="qd-other__warning" id={field.warningId}>
          {m.other.credentialWarning}
        </p>
      ) : null}
      {field.notice ? (
        <p className="qd-other__notice" id={field.noticeId} role="status">
          {field.notice}
        </p>
      ) : null}
    </div>
  );
}
