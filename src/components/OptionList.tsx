import * as RadioGroup from "@radix-ui/react-radio-group";
import { useLayoutEffect, useRef, useState } from "react";
import { DIGIT_KEY_COUNT, inlineDirectionOf, type InlineDirection } from "../hooks/keyboard-intent";
import { useMessages } from "../hooks/use-messages";
import type { OptionGroupState, OptionItem } from "../hooks/use-option-group";
import { classes, type ViewProps } from "./view-props";
import { RECOMMENDED_SUFFIX } from "../protocol/ask-user";
import { MarkdownText } from "./MarkdownText";

type OptionListProps = ViewProps & { group: OptionGroupState };

// The label stays plain text (it is the answer); the description sits outside the control so its links never pick.
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

// Show more appears only when the text runs longer, described by the option's label so each button is told apart.
function OptionDescription({ text, id, labelId }: { text: string; id: string; labelId: string }) {
  const m = useMessages();
  const ref = useRef<HTMLElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  // While expanded the box is as tall as its text, so the measure from before stays the answer.
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
  // Radix pins `dir` to "ltr" unless told; reading the parent's before paint keeps an RTL page from flashing LTR.
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
