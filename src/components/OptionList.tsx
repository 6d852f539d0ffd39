import * as RadioGroup from "@radix-ui/react-radio-group";
import { useLayoutEffect, useRef, useState } from "react";
import { DIGIT_KEY_COUNT, inlineDirectionOf, type InlineDirection } from "../hooks/keyboard-intent";
import { useMessages } from "../hooks/use-messages";
import type { OptionGroupState, OptionItem } from "../hooks/use-option-group";
import { classes, type ViewProps } from "./view-props";
import { RECOMMENDED_SUFFIX } from "../protocol/ask-user";
import { MarkdownText } from "./MarkdownText";

type OptionListProps = ViewProps & { group: OptionGroupState };

/**
 * One option's card: the control row, which alone picks, with its indicator, label (its "(Recommended)" suffix as a
 * badge, the label staying the very text of the answer, never markdown) and, for the first nine, digit hint; then the
 * description beside it, so that its links and its Show more are never inside a button or a label, and a click on
 * its words picks nothing.
 */
function OptionCard({ option, multiple }: { option: OptionItem; multiple: boolean }) {
  const match = option.recommended ? RECOMMENDED_SUFFIX.exec(option.label) : null;
  const content = (
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
  return (
    <div className="qd-option" data-state={option.checked ? "checked" : "unchecked"} data-recommended={option.recommended || undefined}>
      {multiple ? (
        <label className="qd-option__row">
          <input className="qd-option__control" {...option.inputProps} />
          {content}
        </label>
      ) : (
        <RadioGroup.Item
          value={option.inputProps.value}
          className="qd-option__row"
          data-recommended={option.recommended || undefined}
          aria-labelledby={option.inputProps["aria-labelledby"]}
          aria-describedby={option.inputProps["aria-describedby"]}
        >
          {content}
        </RadioGroup.Item>
      )}
      {option.description && <OptionDescription text={option.description} id={option.descriptionProps.id} labelId={option.labelProps.id} />}
    </div>
  );
}

/**
 * An option's description as safe markdown, beside its control rather than in it (a click here never picks), under
 * `id` (the control's aria-describedby). Cut to a few lines; Show more appears only when the text really runs longer,
 * described by the option's label (`labelId`) so the Show more buttons of several options are told apart.
 */
function OptionDescription({ text, id, labelId }: { text: string; id: string; labelId: string }) {
  const m = useMessages();
  const ref = useRef<HTMLElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  // Measured before paint and on every resize while cut; without layout (jsdom) both heights are 0. While expanded
  // the box is as tall as its text, so the measure from before stays the answer.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || expanded) return;
    // One pixel of slack: rounding can make a text that fits look a fraction taller than its box.
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [expanded, text]);
  return (
    <>
      <MarkdownText ref={ref} id={id} className="qd-option__description" data-clamped={expanded ? undefined : ""} text={text} />
      {(expanded || overflows) && (
        <button type="button" className="qd-option__more" aria-expanded={expanded} aria-controls={id} aria-describedby={labelId} onClick={() => setExpanded(!expanded)}>
          {expanded ? m.description.showLess : m.description.showMore}
        </button>
      )}
    </>
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
        <OptionCard key={option.index} option={option} multiple={false} />
      ))}
    </RadioGroup.Root>
  );
}

function CheckboxOptions({ group, className, style }: OptionListProps) {
  return (
    <div className={classes("qd-options", className)} style={style} {...group.groupProps}>
      {group.options.map((option) => (
        <OptionCard key={option.index} option={option} multiple />
      ))}
    </div>
  );
}

/** A question's options: a Radix radio group for single-select, a checkbox group for multi-select. */
export function OptionList(props: OptionListProps) {
  if (props.group.options.length === 0) return null;
  return props.group.multiple ? <CheckboxOptions {...props} /> : <RadioOptions {...props} />;
}
