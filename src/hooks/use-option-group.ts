import { useCallback, useId } from "react";
import { useShallow } from "zustand/react/shallow";
import { isRecommended } from "../protocol/ask-user";
import type { GatewayQuestion } from "../protocol/question-record";
import { useDockActions, useDockStore } from "./dock-context";
import { chosenPositions, draftOf } from "../store/dock/selectors";
import { QUESTION_ATTR } from "./use-dock-keyboard";
import { STEP_ATTR } from "./use-prompt-focus";

/** Props for a native radio or checkbox of one option; digits reach it through the dock root's keys. */
export interface OptionInputProps {
  type: "radio" | "checkbox";
  name: string;
  value: string;
  checked: boolean;
  onChange(): void;
  "aria-labelledby": string;
  "aria-describedby": string | undefined;
}

/** One option as a view renders it, with the props for its control, label and description. */
export interface OptionItem {
  label: string;
  description: string | undefined;
  /** 0-based position; the digit key is `index + 1` for the first `DIGIT_KEY_COUNT`. */
  index: number;
  recommended: boolean;
  checked: boolean;
  /** Spread on a native `<input>`; a custom control takes its `aria-*` and `onChange` as its click. */
  inputProps: OptionInputProps;
  /** Spread on the element that shows the label: it names the control. */
  labelProps: { id: string };
  /** Spread on the element that shows the description: it describes the control. */
  descriptionProps: { id: string };
}

/** One question's options, its current choice, the actions that change it, and the props of its elements. */
export interface OptionGroupState {
  question: GatewayQuestion;
  multiple: boolean;
  options: OptionItem[];
  /** Chooses an option: replaces the choice in single-select, flips it in multi-select; `index` says which when labels repeat. */
  pick(label: string, index?: number): void;
  /** Spread on the element that holds the whole question (options and Other), so keys pressed in it act on it. */
  questionProps: Record<string, string>;
  /** Spread on the element that shows the question's words: it names the group. */
  textProps: { id: string };
  /** Spread on the element that holds the options: a radio group, or a group of checkboxes. */
  groupProps: { role: "radiogroup" | "group"; "aria-labelledby": string };
}

/** Options state and element props for one question of a request; undefined when the request or question is gone. */
export function useOptionGroup(requestId: string, questionId: string): OptionGroupState | undefined {
  const base = useId();
  const question = useDockStore((s) => s.records.get(requestId)?.questions.find((q) => q.questionId === questionId));
  // Positions, not the draft, so typing in Other does not re-render the options; an agent may repeat a label.
  const chosen = useDockStore(useShallow((s) => (question ? chosenPositions(question, draftOf(s.views.get(requestId), questionId)) : [])));
  const actions = useDockActions();
  const multiple = question?.multiSelect === true;
  const pick = useCallback((label: string, index?: number) => actions.select(requestId, questionId, label, index), [actions, requestId, questionId]);
  if (!question) return undefined;
  const textId = `${base}-t`;
  return {
    question,
    multiple,
    options: question.options.map((o, index) => {
      const labelId = `${base}-l${index}`;
      const descriptionId = `${base}-d${index}`;
      const checked = chosen.includes(index);
      return {
        label: o.label,
        description: o.description,
        index,
        recommended: isRecommended(o.label),
        checked,
        labelProps: { id: labelId },
        descriptionProps: { id: descriptionId },
        // Values are positions, not labels: an agent may repeat a label, and two radios of one value check together.
        inputProps: {
          type: multiple ? "checkbox" : "radio",
          name: base,
          value: String(index),
          checked,
          onChange: () => pick(o.label, index),
          "aria-labelledby": labelId,
          "aria-describedby": o.description ? descriptionId : undefined,
        },
      };
    }),
    pick,
    questionProps: { [QUESTION_ATTR]: questionId, [STEP_ATTR]: "" },
    textProps: { id: textId },
    groupProps: { role: multiple ? "group" : "radiogroup", "aria-labelledby": textId },
  };
}
