import * as RadioGroup from "@radix-ui/react-radio-group";
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { DIGIT_KEY_COUNT, inlineDirectionOf, type InlineDirection } from "../hooks/keyboard-intent";
import type { OptionGroupState, OptionItem } from "../hooks/use-option-group";
import { classes, type ViewProps } from "./view-props";
import { RECOMMENDED_SUFFIX } from "../protocol/ask-user";
import { OptionDescription } from "./OptionDescription";

/** Props of `OptionList`. */
export interface OptionListProps extends ViewProps {
  group: OptionGroupState;
}

/**
 * The inside of one option's control: indicator, label (its "(Recommended)" suffix as a badge) and, for the first
 * nine, digit hint. The label stays the very text of the answer, never markdown.
 */
function OptionContent({ option }: { option: OptionItem }) {
  const match = option.recommended ? RECOMMENDED_SUFFIX.exec(option.label) : null;
  return (
    <>
      <span className="qd-option__indicator" aria-hidden="true" />
      <span className="qd-option__label" {...option.labelProps}>
        {match ? option.label.slice(0, match.index) : option.label}
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

/**
 * One option's card: the control row, which alone picks, then the description beside it, so that its links
 * and its Show more are never inside a button or a label, and a click on its words picks nothing.
 */
function OptionCard({ option, children }: { option: OptionItem; children: ReactNode }) {
  return (
    <div className="qd-option" data-state={option.checked ? "checked" : "unchecked"} data-recommended={option.recommended || undefined}>
      {children}
      {option.description && <OptionDescription text={option.description} id={option.descriptionProps.id} labelId={option.labelProps.id} />}
    </div>
  );
}

function RadioOptions({ group, className, style }: OptionListProps) {
  const root = useRef<HTMLDivElement>(null);
  // Radix writes `dir` on its root ("ltr" unless told), which would pin the options left-to-right in an RTL page,
  // so the parent's direction is read, before paint, so an RTL page never shows them left to right even for a frame.
  const [dir, setDir] = useState<InlineDirection>("ltr");
  useLayoutEffect(() => {
    if (root.current) setDir(inlineDirectionOf(root.current.parentElement));
  }, []);
  const checked = group.options.find((o) => o.checked);
  const pickAt = (value: string) => group.options[Number(value)]?.inputProps.onChange();
  return (
    <RadioGroup.Root ref={root} dir={dir} className={classes("qd-options", className)} style={style} value={checked ? checked.inputProps.value : null} onValueChange={pickAt} aria-labelledby={group.groupProps["aria-labelledby"]} loop>
      {group.options.map((option) => (
        // By position: labels come from the agent, and a repeated one must never collide as a key.
        <OptionCard key={option.index} option={option}>
          <RadioGroup.Item
            value={option.inputProps.value}
            className="qd-option__row"
            data-recommended={option.recommended || undefined}
            aria-labelledby={option.inputProps["aria-labelledby"]}
            aria-describedby={option.inputProps["aria-describedby"]}
          >
            <OptionContent option={option} />
          </RadioGroup.Item>
        </OptionCard>
      ))}
    </RadioGroup.Root>
  );
}

function CheckboxOptions({ group, className, style }: OptionListProps) {
  return (
    <div className={classes("qd-options", className)} style={style} {...group.groupProps}>
      {group.options.map((option) => (
        <OptionCard key={option.index} option={option}>
          <label className="qd-option__row">
            <input className="qd-option__control" {...option.inputProps} />
            <OptionContent option={option} />
          </label>
        </OptionCard>
      ))}
    </div>
  );
}

/** A question's options: a Radix radio group for single-select, a checkbox group for multi-select. */
export function OptionList(props: OptionListProps) {
  if (props.group.options.length === 0) return null;
  return props.group.multiple ? <CheckboxOptions {...props} /> : <RadioOptions {...props} />;
}
