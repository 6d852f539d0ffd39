import { useCallback } from "react";
import { isRecommended } from "../protocol/ask-user";
import type { GatewayQuestion } from "../protocol/question-record";
import { useDockStore } from "./dock-context";
import { chosenPositions, draftOf } from "../store/dock/selectors";

/** One option as a view renders it. */
export interface OptionItem {
  label: string;
  description: string | undefined;
  /** 0-based position; the digit key is `index + 1` for the first `DIGIT_KEY_COUNT`. */
  index: number;
  recommended: boolean;
  checked: boolean;
}

/** One question's options, its current choice, and the actions that change it. */
export interface OptionGroupState {
  question: GatewayQuestion;
  multiple: boolean;
  options: OptionItem[];
  /** The single-select choice, or null; always null for multi-select. */
  value: string | null;
  /** Chooses an option: replaces the choice in single-select, flips it in multi-select; `index` says which when labels repeat. */
  pick(label: string, index?: number): void;
}

/** Options state for one question of a request; undefined when the request or question is gone. */
export function useOptionGroup(requestId: string, questionId: string): OptionGroupState | undefined {
  const question = useDockStore((s) => s.records.get(requestId)?.questions.find((q) => q.questionId === questionId));
  // Two narrow selections rather than the draft, so typing in Other does not render the options again.
  const selected = useDockStore((s) => draftOf(s.views.get(requestId), questionId).selected);
  const positions = useDockStore((s) => draftOf(s.views.get(requestId), questionId).positions);
  const actions = useDockStore((s) => s.actions);
  const multiple = question?.multiSelect === true;
  // The store's select replaces a single-select choice and flips a multi-select one.
  const pick = useCallback((label: string, index?: number) => actions.select(requestId, questionId, label, index), [actions, requestId, questionId]);
  if (!question) return undefined;
  // By position: an agent may repeat a label, and only the option picked is checked.
  const chosen = chosenPositions(question, { selected, other: "", ...(positions ? { positions } : {}) });
  return {
    question,
    multiple,
    options: question.options.map((o, index) => ({
      label: o.label,
      description: o.description,
      index,
      recommended: isRecommended(o.label),
      checked: chosen.includes(index),
    })),
    value: multiple ? null : (selected[0] ?? null),
    pick,
  };
}
