import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import type { ChatFeed } from "./chat-feed";

/** Props of `Composer`. */
export interface ComposerProps {
  feed: ChatFeed;
}

/** The chat composer: Enter sends with `chat.send`, Shift+Enter adds a line; the draft stays until it is sent. */
export function Composer({ feed }: ComposerProps) {
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const id = useId();
  const send = async () => {
    const text = draft.trim();
    if (!text || sending) return;
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
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="pg-button pg-button--primary" aria-disabled={!draft.trim() || sending || undefined}>
        Send
      </button>
    </form>
  );
}
