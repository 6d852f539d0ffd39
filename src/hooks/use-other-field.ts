import { useCallback, useId, useState, type ChangeEvent } from "react";
import { isSecretQuestion } from "../protocol/question-record";
import { looksLikeCredential } from "../protocol/credential-shape";
import { sendableText } from "../protocol/sendable-text";
import { useDockActions, useDockStore } from "./dock-context";
import { draftOf } from "../store/dock/selectors";
import { DIGIT_KEY_COUNT } from "./keyboard-intent";
import { OTHER_ATTR } from "./use-dock-keyboard";
import { useWords } from "./use-messages";

/** The free-text "Other" answer of one question. */
export interface OtherFieldState {
  value: string;
  /** True when the answer is a secret: the field masks what is typed. */
  secret: boolean;
  /** The digit that focuses this field: one past the last option; undefined when that is past 9. */
  shortcut: number | undefined;
  /** True when typed text is kept but an option is the answer (single-select); focusing the field chooses it again. */
  notChosen: boolean;
  /** Id of the "Not chosen" hint, for aria-describedby. */
  hintId: string;
  /** Shown after the last change lost characters that cannot be sent; empty otherwise. */
  notice: string;
  /** Id of the notice, for aria-describedby. */
  noticeId: string;
  /** True when the typed text looks like a credential (never for a secret-store question, which is the safe path). */
  credential: boolean;
  /** Id of the credential warning, for aria-describedby. */
  warningId: string;
  /** Spread on the `<textarea>` (or, for a secret, an `<input type="password">`): its digit finds it through this. */
  inputProps: OtherInputProps;
  labelProps: { htmlFor: string };
}

/** Props for the Other field's text control. */
export interface OtherInputProps {
  id: string;
  value: string;
  placeholder: string;
  onChange(event: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>): void;
  /** Makes kept text the answer again. */
  onPointerDown(): void;
  "aria-describedby": string | undefined;
  [attribute: `data-${string}`]: string;
}

/** State and handlers of a question's Other field; undefined when the question takes no free text. */
export function useOtherField(requestId: string, questionId: string): OtherFieldState | undefined {
  const id = useId();
  const question = useDockStore((s) => s.records.get(requestId)?.questions.find((q) => q.questionId === questionId));
  const value = useDockStore((s) => draftOf(s.views.get(requestId), questionId).other);
  const hasChoice = useDockStore((s) => draftOf(s.views.get(requestId), questionId).selected.length > 0);
  const actions = useDockActions();
  const words = useWords().messages.other;
  const [removed, setRemoved] = useState(false);
  const onChange = useCallback(
    (event: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => {
      const typed = event.target.value;
      // The store keeps only what can be sent; say so, or the missing character looks like a lost keystroke.
      setRemoved(sendableText(typed).removed > 0);
      actions.setOther(requestId, questionId, typed);
    },
    [actions, requestId, questionId],
  );
  // A press in the field chooses the kept text again; mere focus does not, or tabbing past it to Submit would
  // quietly swap the picked option for it. The keyboard chooses it with the field's digit, or by typing.
  const onPointerDown = useCallback(() => actions.chooseOther(requestId, questionId), [actions, requestId, questionId]);
  // The gateway refuses free text unless the question sets isOther, so the field exists only then.
  if (!question?.isOther) return undefined;
  const notChosen = !question.multiSelect && hasChoice && value.trim() !== "";
  const secret = isSecretQuestion(question);
  const credential = !secret && looksLikeCredential(value);
  const notice = removed ? words.removedCharacter : "";
  const describedBy = [notChosen && `${id}-hint`, notice && `${id}-notice`, credential && `${id}-warning`].filter(Boolean).join(" ");
  return {
    value,
    secret,
    shortcut: question.options.length < DIGIT_KEY_COUNT ? question.options.length + 1 : undefined,
    notChosen,
    hintId: `${id}-hint`,
    notice,
    noticeId: `${id}-notice`,
    credential,
    warningId: `${id}-warning`,
    inputProps: { id, value, placeholder: words.placeholder, onChange, onPointerDown, "aria-describedby": describedBy || undefined, [OTHER_ATTR]: questionId },
    labelProps: { htmlFor: id },
  };
}
