// Requests this tab sent an answer or skip for, whose end it has not seen yet. A reload while an answer is on its
// way forgets the request (the gateway no longer lists it as pending); the ledger lets the new page ask about it.
// It lives in sessionStorage: the same tab across reloads, and nothing shared with other tabs.

const PREFIX = "openclaw-question-dock:sent:";
/** How many ids the ledger keeps at most; the oldest go first. */
const MAX_IDS = 50;

/** The requests with a submit or skip in flight, for one conversation of this tab. */
export interface SentLedger {
  ids(): string[];
  remember(id: string): void;
  forget(id: string): void;
  /** Notes that this tab sent a chat reply to answer the request; `taken: false` takes that back (the gateway refused it). */
  noteChatReply(id: string, taken: boolean): void;
  /** True when this tab sent a chat reply the gateway did not refuse, to answer the request. */
  sentChatReply(id: string): boolean;
}

/** This tab's sessionStorage, or undefined where it is missing or switched off. */
export function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    // Storage can be switched off (a sandboxed frame); the ledger then lives for the page only.
    return undefined;
  }
}

// A bounded list of ids under one sessionStorage key (in memory where there is none).
function idList(key: string) {
  const storage = tabStorage();
  let memory: string[] = [];
  const read = (): string[] => {
    if (!storage) return memory;
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key) ?? "[]");
      return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
    } catch {
      return [];
    }
  };
  const write = (ids: string[]) => {
    memory = ids.slice(-MAX_IDS);
    try {
      storage?.setItem(key, JSON.stringify(memory));
    } catch {
      // A full or refused storage only costs the reload case.
    }
  };
  return {
    read,
    add: (id: string) => write([...read().filter((x) => x !== id), id]),
    remove: (id: string) => {
      const ids = read();
      if (ids.includes(id)) write(ids.filter((x) => x !== id));
    },
  };
}

/** The ledger of one conversation in this tab (in memory where there is no sessionStorage). */
export function createSentLedger(sessionKey: string): SentLedger {
  const sent = idList(`${PREFIX}${encodeURIComponent(sessionKey)}`);
  // Kept past `forget`: after a reload the request's end is judged by whether this tab's chat reply answered it.
  const chatReplies = idList(`${PREFIX}chat:${encodeURIComponent(sessionKey)}`);
  return {
    ids: sent.read,
    remember: sent.add,
    forget: sent.remove,
    noteChatReply: (id, taken) => (taken ? chatReplies.add(id) : chatReplies.remove(id)),
    sentChatReply: (id) => chatReplies.read().includes(id),
  };
}

/** This tab's resolver id, kept across reloads so an answer sent before one still reads as the person's own. */
export function tabResolverId(make: () => string): string {
  const storage = tabStorage();
  const key = `${PREFIX}resolver`;
  try {
    const known = storage?.getItem(key);
    if (known) return known;
    const made = make();
    storage?.setItem(key, made);
    return made;
  } catch {
    return make();
  }
}
