// The simulated chat's sessions and their transcripts, apart from the runs that write in them. The id counter lives
// here too: session ids and message ids draw from the same counter as run ids, and a dump keeps it.
import type { SimClock } from "./sim-clock";
import type { SimRowDraft } from "./sim-codex-rows";
import type { SimChatMessage, SimChatOptions, SimSession } from "./sim-chat-types";

/** Sessions by key, each with its transcript, and the counter every simulated id is numbered from. */
export class SimTranscripts {
  /** Sessions by canonical key. */
  readonly sessions = new Map<string, SimSession>();
  /** The last number `nextId` handed out. */
  counter = 0;

  constructor(
    private readonly clock: SimClock,
    private readonly opts: Pick<SimChatOptions, "mainSessionKey" | "onAppend">,
    private readonly changed: () => void,
  ) {}

  /** Adds a message to a session's transcript, numbering it. */
  append(sessionKey: string, draft: SimRowDraft): SimChatMessage {
    const session = this.session(sessionKey);
    const message: SimChatMessage = {
      ...draft,
      timestamp: this.clock.now(),
      __openclaw: { ...draft.__openclaw, id: this.nextId("msg"), seq: session.messages.length + 1 },
    };
    session.messages.push(message);
    this.changed();
    this.opts.onAppend?.(sessionKey, message);
    return message;
  }

  /** The session under a key, made empty on first use (reading a session makes it, as on the gateway). */
  session(sessionKey: string): SimSession {
    let session = this.sessions.get(sessionKey);
    if (!session) {
      session = { sessionId: this.nextId("session"), messages: [] };
      this.sessions.set(sessionKey, session);
    }
    return session;
  }

  /** The key a session is stored under: the alias "main" stands for the main session's key. */
  canonical(sessionKey: string): string {
    return sessionKey === "main" && this.opts.mainSessionKey ? this.opts.mainSessionKey : sessionKey;
  }

  /** Whether nobody has written in a session: unknown, or only read so far. */
  isNew(sessionKey: string): boolean {
    const session = this.sessions.get(sessionKey);
    return !session || (session.messages.length === 0 && session.createdBy === undefined);
  }

  /** Whether a scripted Codex turn started in a session: its later turns are Codex turns too. */
  isCodexSession(sessionKey: string): boolean {
    return this.sessions.get(sessionKey)?.messages.some((m) => m.role === "user" && m.__openclaw.mirrorIdentity?.endsWith(":prompt") === true) === true;
  }

  /** A fresh id such as `run-7`, unique across prefixes. */
  nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}-${this.counter}`;
  }
}
