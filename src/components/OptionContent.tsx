import { DIGIT_KEY_COUNT } from "../hooks/keyboard-intent";
import type { OptionItem } from "../hooks/use-option-group";
import { RECOMMENDED_SUFFIX } from "../protocol/ask-user";

/** Props of `OptionContent`. */
export interface OptionContentProps {
  option: OptionItem;
}

/**
 * The inside of one option's control: indicator, label (its "(Recommended)" suffix as a badge) and, for the first
 * nine, digit hint.
 * The label stays the very text of the answer, never markdown; the description sits beside the control (`OptionDescription`).
 */
export function OptionContent({ option }: OptionContentProps) {
  const match = option.recommended ? RECOMMENDED_SUFFIX.exec(option.label) : null;
  const base = match ? option.label.slice(0, match.index) : option.label;
  return (
    <>
      <span className="qd-option__indicator" aria-hidden="true" />
      <span className="qd-option__label" {...option.labelProps}>
        {base}
        {match && (
          <>
            {" "}
            <span className="qd-badge">{match[1]}</span>
          </>
        )}
      </span>
      {option.index < DIGIT_KEY_COUNT && (
        <kbd className="qd-kbd" aria-hidden="true">
          {option.index + 1}
        </kbd>
      )}
    </>
  );
}
