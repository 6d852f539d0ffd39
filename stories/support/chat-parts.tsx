// A Control UI look-alike around the dock: transcript messages and two kinds of composer.
import { QuestionSummaryList } from "../../src";

/** One chat message of the look-alike transcript. */
export interface ChatMessage {
  from: "user" | "assistant";
  text: string;
}

/** The transcript: messages, then the summaries of finished requests. */
export function ChatTranscript({ messages }: { messages: ChatMessage[] }) {
  return (
    <div className="story-transcript">
      {messages.map((m, i) => (
        <p key={i} className="story-message" data-from={m.from}>
          {m.text}
        </p>
      ))}
      <QuestionSummaryList />
    </div>
  );
}

/** The Control UI's own composer: a message field with a draft in it, and Send. */
export function ChatComposer({ draft = "" }: { draft?: string }) {
  return (
    <form className="story-composer" aria-label="Composer" onSubmit={(e) => e.preventDefault()}>
      <textarea className="story-composer__input" aria-label="Message" rows={1} placeholder="Message the agent" defaultValue={draft} />
      <button type="submit" className="qd-button qd-button--primary">
        Send
      </button>
    </form>
  );
}

/** A composer a plugin supplies in place of the built-in one: its own editor and controls. */
export function VoiceNotesComposer() {
  return (
    <div className="story-plugin-composer" role="group" aria-label="Voice notes composer">
      <p className="story-plugin-composer__name">Voice notes plugin</p>
      <div className="story-composer__input" role="textbox" aria-label="Message" aria-multiline="true" contentEditable suppressContentEditableWarning>
        Remind me to check the rollout at noon
      </div>
      <button type="button" className="qd-button">
        Record a voice note
      </button>
    </div>
  );
}
