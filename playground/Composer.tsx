import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { ComposerAnswerPrompt, useComposerAnswer } from "../src";
import type { ChatFeed } from "./chat-feed";

/** Props of `Composer`. */
export interface ComposerProps {
  feed: ChatFeed;
}

/**
 * The chat composer: Enter sends with `chat.send`, Shift+Enter adds a line; the draft stays until it is sent. A message
 * that reads as the waiting question's answer asks first whether it goes as that answer or as chat.
 */
export function Composer({ feed }: ComposerProps) {
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  // The request whose confirmation is open.
  const [confirming, setConfirming] = useState<string>();
  const { offer, confirm } = useComposerAnswer(draft);
  // It closes by itself when that request leaves, stops taking replies, or another takes its place.
  if (confirming !== undefined && offer?.requestId !== confirming) setConfirming(undefined);
  const id = useId();
  const sendChat = async () => {
    const text = draft.trim();
    if (!text || sending) return;
    setConfirming(undefined);
    setSending(true);
    try {
      await feed.send(text);
      setDraft("");
    } catch {
      // The transcript shows why; the draft stays for another try.
    } finally {
      setSending(false);
    }
  };
  const send = async () => {
    if (!draft.trim() || sending) return;
    if (offer) setConfirming(offer.requestId);
    else await sendChat();
  };
  const sendAsAnswer = async () => {
    setConfirming(undefined);
    setSending(true);
    try {
      // A refused answer keeps the text, so it can be fixed or sent as chat.
      if (await confirm()) setDraft("");
    } finally {
      setSending(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };
  return (
    <>
      {offer && confirming === offer.requestId && (
        <ComposerAnswerPrompt offer={offer} onAnswer={() => void sendAsAnswer()} onChat={() => void sendChat()} onCancel={() => setConfirming(undefined)} />
      )}
      <form className="pg-composer" onSubmit={onSubmit}>
        <label className="qd-visually-hidden" htmlFor={id}>
          Message
        </label>
        <textarea
          id={id}
          className="pg-composer__input"
          rows={2}
          value={draft}
          placeholder="Message the agent (Enter sends, Shift+Enter adds a line)"
          onChange={(event) => {
            setDraft(event.target.value);
            setConfirming(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="pg-button pg-button--primary" aria-disabled={!draft.trim() || sending || undefined}>
          Send
        </button>
      </form>
    </>
  );
}
