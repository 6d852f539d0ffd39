import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { OutboxEntry } from "../store/outbox/entry";
import { useDockStore } from "./dock-context";
import { keyboardIntent } from "./keyboard-intent";

/** Editing a queued async answer: its text while open, and the controls' wiring. */
export interface QueuedAnswerEdit {
  editing: boolean;
  text: string;
  setText(text: string): void;
  /** A save found the answer already sent (or no longer queued): the gateway has the old text; the edit stays to copy. */
  refused: boolean;
  /** Save applies: there is text, and no save was refused. */
  canSave: boolean;
  start(): void;
  /** Re-queues the same entry with the text; closes on success, or sets `refused`. */
  save(): void;
  /** Closes without changing the answer. */
  cancel(): void;
  /** Ctrl/Cmd+Enter saves and Esc cancels, as in the dock. */
  onFieldKeyDown(event: KeyboardEvent<HTMLElement>): void;
  /** Ref callback of the Edit button: focus returns to it when the editor closes. */
  bindEditButton(el: HTMLButtonElement | null): void;
  /** Ref callback of what takes focus instead when the Edit button is gone (the answer went out meanwhile). */
  bindFallback(el: HTMLElement | null): void;
  /** Ref callback of the text field. */
  bindField(el: HTMLTextAreaElement | null): void;
}

/** The Edit answer flow of one outbox entry: open it with the queued text, save it into the same entry, or cancel. */
export function useQueuedAnswerEdit(entry: OutboxEntry | undefined): QueuedAnswerEdit {
  const editAnswer = useDockStore((s) => s.actions.editAnswer);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState("");
  const [refused, setRefused] = useState(false);
  const editButton = useRef<HTMLButtonElement | null>(null);
  const fallback = useRef<HTMLElement | null>(null);
  const field = useRef<HTMLTextAreaElement | null>(null);
  // Ref callbacks rather than ref objects: the view gets plain functions, never a ref to read while rendering.
  const bindEditButton = useCallback((el: HTMLButtonElement | null) => void (editButton.current = el), []);
  const bindFallback = useCallback((el: HTMLElement | null) => void (fallback.current = el), []);
  const bindField = useCallback((el: HTMLTextAreaElement | null) => void (field.current = el), []);
  // Where focus goes after the next render: the field on open (and after a refusal), the Edit button on close.
  const focusNext = useRef<"field" | "button" | undefined>(undefined);
  const id = entry?.id;
  const queued = entry?.message;

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = undefined;
    const el = field.current;
    if (target === "field" && el) {
      el.focus();
      // The caret at the end, where an answer is most often added to.
      el.setSelectionRange(el.value.length, el.value.length);
    }
    else if (target === "button") (editButton.current ?? fallback.current)?.focus();
  });

  const start = useCallback(() => {
    if (queued === undefined) return;
    setText(queued);
    setRefused(false);
    setEditing(true);
    focusNext.current = "field";
  }, [queued]);
  const close = useCallback(() => {
    setEditing(false);
    setRefused(false);
    focusNext.current = "button";
  }, []);
  const canSave = !refused && text.trim() !== "";
  const save = useCallback(() => {
    if (!canSave) return;
    // The same text changes nothing; no event, so the entry keeps its place and time.
    if (text === queued || (id !== undefined && editAnswer(id, text))) return close();
    setRefused(true);
    focusNext.current = "field";
  }, [canSave, text, queued, id, editAnswer, close]);
  const onFieldKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const intent = keyboardIntent(event, { optionCount: 0, hasOther: false });
      if (intent?.type !== "collapse" && intent?.type !== "continue") return;
      event.preventDefault();
      event.stopPropagation();
      if (intent.type === "collapse") close();
      else save();
    },
    [close, save],
  );
  return { editing, text, setText, refused, canSave, start, save, cancel: close, onFieldKeyDown, bindEditButton, bindFallback, bindField };
}
