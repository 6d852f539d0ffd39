// What this tab sent. The ids of requests sent and not yet seen to end live in this tab's sessionStorage, so a page
// reloaded while an answer was on its way can ask what became of them (the gateway no longer lists them as pending).
// The answers and the replies awaited stay in memory: an answer may be credential-shaped, and a promise cannot outlive the page.
import type { QuestionAnswers } from "../../protocol/answers";
import { newResolverId } from "../dock/outcomes";

const PREFIX = "openclaw-question-dock:";

/** A bound on a list's stored text, well inside the few megabytes a browser gives sessionStorage. */
const MAX_CHARS = 1_000_000;

/** What one conversation of this tab sent: requests with a submit or skip not yet seen to end, their answers and replies. */
export type SentLedger = ReturnType<typeof createSentLedger>;

function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    // Storage can be switched off (a sandboxed frame); the list then lives for the page only.
    return undefined;
  }
}

/** A list of ids or records with an `id`, oldest first, at most `max` long, in sessionStorage under `name` and the scope. */
export function tabList(name: string, scopeOf: () => string | undefined, max: number) {
  const tab = tabStorage();
  const keyOf = () => {
    const scope = scopeOf();
    return scope === undefined ? undefined : `${PREFIX}${name}${encodeURIComponent(scope)}`;
  };
  let memory: unknown[] = [];
  const read = (): unknown[] => {
    const key = keyOf();
    if (!tab || key === undefined) return memory;
    try {
      const parsed: unknown = JSON.parse(tab.getItem(key) ?? "[]");
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  };
  const write = (list: unknown[]) => {
    memory = list.slice(-max);
    let text = JSON.stringify(memory);
    while (text.length > MAX_CHARS && memory.length > 0) text = JSON.stringify((memory = memory.slice(1)));
    const key = keyOf();
    try {
      if (key !== undefined) tab?.setItem(key, text);
    } catch {
      // A full or refused storage only costs the reload case.
    }
  };
  const others = (list: unknown[], id: string) => list.filter((item) => item !== id && (item as { id?: unknown } | null)?.id !== id);
  return {
    read,
    /** Puts `item` last, in place of any earlier one of `id`. */
    put: (id: string, item: unknown = id) => write([...others(read(), id), item]),
    remove: (id: string) => {
      const list = read();
      const rest = others(list, id);
      if (rest.length < list.length) write(rest);
    },
  };
}

/** The ledger of one conversation in this tab, kept under its scope (in memory where there is no sessionStorage). */
export function createSentLedger(scopeOf: () => string | undefined) {
  const sent = tabList("sent:", scopeOf, 50);
  // Kept past `forget`: after a reload the request's end is judged by whether this tab's chat reply answered it.
  const chatReplies = tabList("sent:chat:", scopeOf, 50);
  const answers = new Map<string, QuestionAnswers[]>();
  const replies = new Map<string, Promise<void>>();
  return {
    ids: () => sent.read().filter((id) => typeof id === "string"),
    /** Notes a submit or skip going out; every answer sent is kept, so a lost reply to any of them still reads as ours. */
    remember: (id: string, given?: QuestionAnswers) => {
      if (given) answers.set(id, [...(answers.get(id) ?? []), given]);
      sent.put(id);
    },
    attempted: (id: string): readonly QuestionAnswers[] | undefined => answers.get(id),
    /** Holds the gateway's reply to a submit while it is awaited, so a settle or an expiry can wait for it. */
    awaitReply: (id: string, reply: Promise<void>) => {
      replies.set(id, reply);
      return reply.finally(() => replies.get(id) === reply && replies.delete(id));
    },
    replyOf: (id: string) => replies.get(id),
    /** The request ended: its id and answers go (a reply still awaited finishes on its own). */
    forget: (id: string) => {
      answers.delete(id);
      sent.remove(id);
    },
    /** Notes that this tab sent a chat reply to answer the request; `taken: false` takes that back (the gateway refused it). */
    noteChatReply: (id: string, taken: boolean) => (taken ? chatReplies.put(id) : chatReplies.remove(id)),
    sentChatReply: (id: string) => chatReplies.read().includes(id),
  };
}

// Every store and question page of a tab answers as one resolver, so a remounted dock, a session switch or a reload
// still knows its own answers. Read on first use, not on import.
let tabResolver: string | undefined;

/** This tab's resolver id, kept across reloads so an answer sent before one still reads as the person's own. */
export function tabResolverId(): string {
  const storage = tabStorage();
  const key = `${PREFIX}sent:resolver`;
  try {
    tabResolver ??= storage?.getItem(key) || newResolverId();
    storage?.setItem(key, tabResolver);
  } catch {
    tabResolver ??= newResolverId();
  }
  return tabResolver;
}
