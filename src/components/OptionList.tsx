import * as RadioGroup from "@radix-ui/react-radio-group";
import { useId, useRef, type ReactNode } from "react";
import { useInlineDirection } from "../hooks/use-inline-direction";
import { useOptionGroup, type OptionGroupState, type OptionItem } from "../hooks/use-option-group";
import { OptionContent } from "./OptionContent";
import { OptionDescription } from "./OptionDescription";

/** Props of `OptionList`. */
export interface OptionListProps {
  requestId: string;
  questionId: string;
  /** Id of the element holding the question text, which names the group. */
  labelledBy: string;
}

function optionIds(base: string, index: number) {
  return { labelId: `${base}-l${index}`, descriptionId: `${base}-d${index}` };
}

/**
 * One option's card: the control row, which alone picks, then the description beside it, so that its links
 * and its Show more are never inside a button or a label, and a click on its words picks nothing.
 */
function OptionCard({ option, labelId, descriptionId, children }: { option: OptionItem; labelId: string; descriptionId: string; children: ReactNode }) {
  return (
    <div className="qd-option" data-state={option.checked ? "checked" : "unchecked"} data-recommended={option.recommended || undefined}>
      {children}
      {option.description && <OptionDescription text={option.description} id={descriptionId} labelId={labelId} />}
    </div>
  );
}

function RadioOptions({ group, labelledBy, base }: { group: OptionGroupState; labelledBy: string; base: string }) {
  const root = useRef<HTMLDivElement>(null);
  // Radix writes `dir` on its root ("ltr" unless told), which would pin the options left-to-right in an RTL page.
  const dir = useInlineDirection(root);
  // Radio values are positions, not labels: an agent may repeat a label, and two radios of one value check together.
  const checked = group.options.find((o) => o.checked);
  const pickAt = (value: string) => {
    const option = group.options[Number(value)];
    if (option) group.pick(option.label, option.index);
  };
  return (
    <RadioGroup.Root ref={root} dir={dir} className="qd-options" value={checked ? String(checked.index) : null} onValueChange={pickAt} aria-labelledby={labelledBy} loop>
      {group.options.map((option) => {
        const ids = optionIds(base, option.index);
        return (
          // By position: labels come from the agent, and a repeated one must never collide as a key.
          <OptionCard key={option.index} option={option} {...ids}>
            <RadioGroup.Item
              value={String(option.index)}
              className="qd-option__row"
              data-recommended={option.recommended || undefined}
              aria-labelledby={ids.labelId}
              aria-describedby={option.description ? ids.descriptionId : undefined}
            >
              <OptionContent option={option} labelId={ids.labelId} />
            </RadioGroup.Item>
          </OptionCard>
        );
      })}
    </RadioGroup.Root>
  );
}

function CheckboxOptions({ group, labelledBy, base }: { group: OptionGroupState; labelledBy: string; base: string }) {
  return (
    <div className="qd-options" role="group" aria-labelledby={labelledBy}>
      {group.options.map((option) => {
        const ids = optionIds(base, option.index);
        return (
          <OptionCard key={option.index} option={option} {...ids}>
            <label className="qd-option__row">
              <input
                type="checkbox"
                className="qd-option__control"
                checked={option.checked}
                onChange={() => group.pick(option.label, option.index)}
                aria-labelledby={ids.labelId}
                aria-describedby={option.description ? ids.descriptionId : undefined}
              />
              <OptionContent option={option} labelId={ids.labelId} />
            </label>
          </OptionCard>
        );
      })}
    </div>
  );
}

/** A question's options: a Radix radio group for single-select, a checkbox group for multi-select. */
export function OptionList({ requestId, questionId, labelledBy }: OptionListProps) {
  const group = useOptionGroup(requestId, questionId);
  const base = useId();
  if (!group || group.options.length === 0) return null;
  const Options = group.multiple ? CheckboxOptions : RadioOptions;
  return <Options group={group} labelledBy={labelledBy} base={base} />;
}
