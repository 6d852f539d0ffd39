import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { ComposerAnswerPrompt, ComposerClaimHint, useComposerAnswer, type ChatReplyResult } from "../src";
import type { ChatFeed } from "./chat-feed";

/** Props of `Composer`. */
export interface ComposerProps {
  feed: ChatFeed;
}

type Refusal = Extract<ChatReplyResult, { ok: false }>;

/**
 * The chat composer: Enter sends with `chat.send`, Shift+Enter adds a line; the draft stays until it is sent. While an
 * agent run's question waits, the message is that question's answer (the gateway takes it so), and a line under
 * the field says what it will answer. A message that reads as the answer of a question no run asked asks first
 * whether it goes as that answer or as chat. "/question" alone reopens the dock instead of being sent.
 */
export function Composer({ feed }: ComposerProps) {
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  // The request whose confirmation is open.
  const [confirming, setConfirming] = useState<string>();
  // Why the last reply was not taken as the answer; cleared by the next edit.
  const [refusal, setRefusal] = useState<Refusal>();
  const { claim, offer, confirm, reply, reopensDock, reopenDock } = useComposerAnswer(draft);
  // It closes by itself when that request leaves, stops taking replies, or another takes its place.
  if (confirming !== undefined && offer?.requestId !== confirming) setConfirming(undefined);
  const id = useId();
  const hintId = `${id}-claim`;
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
  const sendReply = async () => {
    setSending(true);
    try {
      const result = await reply();
      // A reply the gateway did not take keeps its text, with the reason beside it.
      if (result.ok) setDraft("");
      else setRefusal(result);
    } finally {
      setSending(false);
    }
  };
  const send = async () => {
    if (!draft.trim() || sending) return;
    // "/question" alone reopens the dock, as in the TUI; it is never sent.
    if (reopensDock) {
      setDraft("");
      reopenDock();
    } else if (claim) await sendReply();
    else if (offer) setConfirming(offer.requestId);
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
  const hinted = Boolean(claim || refusal);
  return (
    <>
      {offer && confirming === offer.requestId && (
        <ComposerAnswerPrompt offer={offer} onAnswer={() => void sendAsAnswer()} onChat={() => void sendChat()} onCancel={() => setConfirming(undefined)} />
      )}
      <ComposerClaimHint id={hintId} claim={claim} {...(refusal ? { refusal } : {})} />
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
          aria-describedby={hinted ? hintId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setConfirming(undefined);
            setRefusal(undefined);
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
