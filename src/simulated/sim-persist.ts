// A simulated gateway's conversations as text, so that a page which reloads finds the same gateway again.
import { parseQuestionRecord, type QuestionRecord } from "../protocol/question-record";
import type { SimAsyncDelivery, SimChatMessage, SimSession } from "./sim-chat-types";
import type { SimRun, SimRuns } from "./sim-runs";

/** Where a simulated gateway keeps its conversations between page loads, e.g. over `sessionStorage`. */
export interface SimPersistence {
  /** The text last saved, or null when there is none. */
  load(): string | null;
  save(text: string): void;
}

/** A run that was still going when the state was saved. */
export interface SimRunDump {
  runId: string;
  sessionKey: string;
  text: string;
  startedAt: number;
  seq: number;
  /** The guest profile whose message started it. */
  profileId?: string;
}

/** What survives a reload: transcripts, the chat.send keys already seen, the id counter, and running runs with their pending async deliveries. */
export interface SimChatDump {
  version: 1;
  counter: number;
  sessions: Array<{ key: string; sessionId: string; lastRunId?: string; createdBy?: string; messages: SimChatMessage[] }>;
  sent: Array<[string, string]>;
  runs: SimRunDump[];
  pendingDelivery: Array<[string, SimAsyncDelivery]>;
  /** Pending question records (each keeps its expiry) and the run that owns each: a reload is not a gateway restart. */
  questions?: SimQuestionDump[];
}

/** A pending question as a dump keeps it. */
export interface SimQuestionDump {
  record: QuestionRecord;
  ownerRunId?: string;
  /** The guest profile whose run asked it, which decides who may see it. */
  askedBy?: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === "string";
const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isPair = (v: unknown): v is [string, unknown] => Array.isArray(v) && v.length === 2 && isStr(v[0]);

const isMessage = (v: unknown): boolean => isObj(v) && ["user", "assistant", "custom", "toolResult"].includes(v["role"] as string) && isObj(v["__openclaw"]) && isNum(v["timestamp"]);
const isSession = (v: unknown): boolean => isObj(v) && isStr(v["key"]) && isStr(v["sessionId"]) && Array.isArray(v["messages"]) && v["messages"].every(isMessage);
const isRun = (v: unknown): boolean => isObj(v) && isStr(v["runId"]) && isStr(v["sessionKey"]) && isStr(v["text"]) && isNum(v["startedAt"]) && isNum(v["seq"]);

/** Reads saved text back; undefined when there is none, or it is unreadable or from another version (the gateway then starts empty). */
export function parseChatDump(text: string | null): SimChatDump | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObj(value) || value["version"] !== 1 || !isNum(value["counter"])) return undefined;
  const { sessions, sent, runs, pendingDelivery } = value;
  if (!Array.isArray(sessions) || !sessions.every(isSession)) return undefined;
  if (!Array.isArray(sent) || !sent.every((p) => isPair(p) && isStr(p[1]))) return undefined;
  if (!Array.isArray(runs) || !runs.every(isRun)) return undefined;
  if (!Array.isArray(pendingDelivery) || !pendingDelivery.every((p) => isPair(p) && isObj(p[1]))) return undefined;
  return { ...(value as unknown as SimChatDump), questions: parseQuestionDumps(value["questions"]) };
}

// Question records are checked like the wire's: one that fails validation is left out, the rest still load as they
// were saved, with the fields the kit does not read (an option's value) that the gateway still answers by.
function parseQuestionDumps(value: unknown): SimQuestionDump[] {
  if (!Array.isArray(value)) return [];
  const out: SimQuestionDump[] = [];
  for (const item of value) {
    if (!isObj(item)) continue;
    const parsed = parseQuestionRecord(item["record"]);
    if (!parsed.ok || parsed.value.status !== "pending") continue;
    const owner = item["ownerRunId"];
    const askedBy = item["askedBy"];
    out.push({ record: item["record"] as QuestionRecord, ...(isStr(owner) ? { ownerRunId: owner } : {}), ...(isStr(askedBy) ? { askedBy } : {}) });
  }
  return out;
}

/** The parts of a chat store that a dump covers. */
export interface SimChatParts {
  sessions: Map<string, SimSession>;
  sent: Map<string, string>;
  pendingDelivery: Map<string, SimAsyncDelivery>;
  runs: SimRuns;
}

/** Takes a dump of a chat store's parts. */
export function dumpChat(parts: SimChatParts, counter: number): SimChatDump {
  return {
    version: 1,
    counter,
    sessions: [...parts.sessions].map(([key, s]) => ({ key, sessionId: s.sessionId, ...(s.lastRunId ? { lastRunId: s.lastRunId } : {}), ...(s.createdBy ? { createdBy: s.createdBy } : {}), messages: s.messages })),
    sent: [...parts.sent],
    runs: parts.runs.active().map(({ runId, sessionKey, text, startedAt, seq, profileId }) => ({ runId, sessionKey, text, startedAt, seq, ...(profileId ? { profileId } : {}) })),
    pendingDelivery: [...parts.pendingDelivery],
  };
}

/** What `loadChat` hands back: the id counter to go on from, and the restored runs that were replying to a chat.send. */
export interface SimChatLoaded {
  counter: number;
  replies: Array<{ run: SimRun; userText: string }>;
}

/** Fills a chat store's parts from a dump, replacing what they held. */
export function loadChat(parts: SimChatParts, dump: SimChatDump): SimChatLoaded {
  parts.sessions.clear();
  for (const s of dump.sessions) {
    const createdBy = typeof s.createdBy === "string" ? { createdBy: s.createdBy } : {};
    parts.sessions.set(s.key, { sessionId: s.sessionId, messages: s.messages, ...(s.lastRunId ? { lastRunId: s.lastRunId } : {}), ...createdBy });
  }
  parts.sent.clear();
  for (const [key, runId] of dump.sent) parts.sent.set(key, runId);
  parts.runs.clear();
  const replies: SimChatLoaded["replies"] = [];
  for (const saved of dump.runs) {
    const run = parts.runs.restore(saved);
    // A chat.send run is named by its key, and its user message is stored under `<key>:user`.
    const sentMessage = parts.sent.has(run.runId) ? parts.sessions.get(run.sessionKey)?.messages.find((m) => m.idempotencyKey === `${run.runId}:user`) : undefined;
    if (typeof sentMessage?.content === "string") replies.push({ run, userText: sentMessage.content });
  }
  parts.pendingDelivery.clear();
  for (const [runId, delivery] of dump.pendingDelivery) parts.pendingDelivery.set(runId, delivery);
  return { counter: dump.counter, replies };
}

/** Wraps `fn` so that any number of calls within one task run it once, on a microtask (one save per burst of changes). */
export function oncePerMicrotask(fn: () => void): () => void {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      fn();
    });
  };
}
