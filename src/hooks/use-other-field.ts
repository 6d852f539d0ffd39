import { useCallback, useId, type ChangeEvent } from "react";
import { isSecretQuestion } from "../protocol";
import { useDockStore } from "../components/DockProvider";
import { draftOf } from "../store/selectors";

/** The free-text "Other" answer of one question. */
export interface OtherFieldState {
  /** Id for the field, so a label can point at it. */
  id: string;
  value: string;
  /** True when the answer is a secret: the field masks what is typed. */
  secret: boolean;
  /** The digit that focuses this field: one past the last option. */
  shortcut: number;
  onChange(event: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>): void;
}

/** State and change handler of a question's Other field; undefined when the question takes no free text. */
export function useOtherField(requestId: string, questionId: string): OtherFieldState | undefined {
  const id = useId();
  const question = useDockStore((s) => s.records[requestId]?.questions.find((q) => q.questionId === questionId));
  const value = useDockStore((s) => draftOf(s.views[requestId], questionId).other);
  const actions = useDockStore((s) => s.actions);
  const onChange = useCallback(
    (event: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => actions.setOther(requestId, questionId, event.target.value),
    [actions, requestId, questionId],
  );
  // The gateway refuses free text unless the question sets isOther, so the field exists only then.
  if (!question?.isOther) return undefined;
  return { id, value, secret: isSecretQuestion(question), shortcut: question.options.length + 1, onChange };
}
