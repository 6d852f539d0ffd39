import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useDockStore, useStoreState } from "./dock-context";
import { keyboardIntent } from "./keyboard-intent";
import { canDiscard, canEdit, canRetry } from "../store/outbox/outbox-reducer";
import type { OutboxEntry } from "../store/outbox/entry";
import { deliveryEnglish, type DeliveryStatus } from "../messages";
import { useViewWords } from "./use-messages";

/** The delivery of one async answer: its status and words, and which of Retry, Discard and Edit apply now. */
export function useDelivery(outboxId: string | undefined): {
  entry: OutboxEntry | undefined;
  status: DeliveryStatus | undefined;
  label: string | undefined;
  canRetry: boolean;
  canDiscard: boolean;
  /** Queued and never sent: its text may still change. */
  canEdit: boolean;
} {
  const entry = useStoreState((s) => (outboxId ? s.outbox.entries[outboxId] : undefined));
  const words = useViewWords("delivery", deliveryEnglish);
  if (!entry) return { entry, status: undefined, label: undefined, canRetry: false, canDiscard: false, canEdit: false };
  const status: DeliveryStatus = entry.state === "queued" && entry.isPaused ? "waiting" : entry.state;
  return { entry, status, label: words[status], canRetry: canRetry(entry), canDiscard: canDiscard(entry), canEdit: canEdit(entry) };
}

/** Edit answer for one outbox entry: save into the same entry (or `refused`, the edit kept to copy), or cancel. */
export function useQueuedAnswerEdit(entry: OutboxEntry | undefined) {
  const editAnswer = useDockStore((s) => s.actions.editAnswer);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState("");
  const [refused, setRefused] = useState(false);
  const editButton = useRef<HTMLButtonElement | null>(null);
  const fallback = useRef<HTMLDivElement | null>(null);
  const field = useRef<HTMLTextAreaElement | null>(null);
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
    } else if (target === "button") (editButton.current ?? fallback.current)?.focus();
  });

  const start = () => {
    if (queued === undefined) return;
    setText(queued);
    setRefused(false);
    setEditing(true);
    focusNext.current = "field";
  };
  const cancel = () => {
    setEditing(false);
    setRefused(false);
    focusNext.current = "button";
  };
  const canSave = !refused && text.trim() !== "";
  const save = () => {
    if (!canSave) return;
    // The same text changes nothing; no event, so the entry keeps its place and time.
    if (text === queued || (id !== undefined && editAnswer(id, text))) return cancel();
    setRefused(true);
    focusNext.current = "field";
  };
  const onFieldKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const intent = keyboardIntent(event, { optionCount: 0, hasOther: false });
    if (intent?.type !== "collapse" && intent?.type !== "continue") return;
    event.preventDefault();
    event.stopPropagation();
    if (intent.type === "collapse") cancel();
    else save();
  };
  return { editing, text, setText, refused, canSave, start, save, cancel, onFieldKeyDown, editButton, fallback, field };
}
