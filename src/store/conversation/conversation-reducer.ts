// The conversation's history and runs as a pure reducer; the history reader does the I/O.
import { formatIssues } from "../../protocol/result";
import type { ChatMessage } from "../../protocol/chat-message";
import type { RejectedItem } from "./history-read";
import type { AsyncLocalState } from "./derive-questions";
import type { AsyncQuestionEntry, ConversationProblem } from "./question-entry";

/** How many rejected items the state keeps; older ones are dropped first. */
export const MAX_REJECTED = 20;

/** Which agent runs are going after an event: `active` for any run, named or not; `ids` for the named ones. */
export type ActiveRuns = { active: boolean; ids: string[] };

/** The conversation as views read it. */
export interface ChatState {
  /** The saved history, then any live messages the history does not show yet. */
  messages: readonly ChatMessage[];
  /** True once a history load succeeded. */
  loaded: boolean;
  /** True while an agent run is going: the outbox waits for it to end. */
  runActive: boolean;
  activeRunIds: readonly string[];
  /** The latest problem: a failed load, or items that could not be read. */
  error?: ConversationProblem;
}

/** A conversation's history and runs, as the store holds them. */
export interface ConversationData extends ChatState {
  rejected: RejectedItem[];
  local: AsyncLocalState;
  /** Every async question, derived from `messages`, `local` and the outbox; the same array while none changes. */
  questions: AsyncQuestionEntry[];
}

/** What can happen to a conversation, by name. */
export type ConversationEvent =
  /** A `chat.history` answer was read: its messages (then the live ones it does not show yet), what it could not read, and the runs going after it. */
  | { type: "historyLoaded"; messages: ChatMessage[]; rejected: RejectedItem[]; runs: ActiveRuns }
  /** `chat.history` could not be loaded, and is asked again or not; the messages already shown stay. */
  | { type: "historyLoadFailed"; reason: string; retrying: boolean }
  /** A message the history does not show yet: a run's last `chat` message (with the runs going after it) or a saved row. */
  | { type: "messageArrived"; message: ChatMessage; runs?: ActiveRuns }
  /** A saved row took the place of the live message at `index` that stood in for it. */
  | { type: "rowReplaced"; index: number; row: ChatMessage }
  /** An item of a live event could not be read, or only in part. */
  | { type: "itemRejected"; item: RejectedItem }
  /** A `chat` or `agent` event may have started or ended a run. */
  | { type: "runActivityChanged"; runs: ActiveRuns }
  /** The person brought a retired or skipped question back; later runs are measured from `anchor`. */
  | { type: "questionReopened"; itemId: string; anchor: number }
  /** The person took a question out of the dock without sending anything. */
  | { type: "questionSkipped"; itemId: string }
  /** Questions an earlier page skipped, read back with its drafts. */
  | { type: "questionsSkipped"; itemIds: readonly string[] };

type Handlers = { [K in ConversationEvent["type"]]: (state: ConversationData, e: Extract<ConversationEvent, { type: K }>) => ConversationData };

const HANDLERS: Handlers = {
  historyLoaded: (state, e) =>
    withRuns({ ...state, messages: e.messages, loaded: true, rejected: e.rejected.slice(-MAX_REJECTED), error: refusalOf(e.rejected) }, e.runs),
  historyLoadFailed: (state, e) => ({ ...state, error: { kind: "load-failed", reason: e.reason, retrying: e.retrying } }),
  messageArrived: (state, e) => {
    const next = { ...state, messages: [...state.messages, e.message] };
    return e.runs ? withRuns(next, e.runs) : next;
  },
  rowReplaced: (state, e) =>
    e.index < 0 || e.index >= state.messages.length ? state : { ...state, messages: state.messages.map((m, i) => (i === e.index ? e.row : m)) },
  itemRejected: (state, e) => ({ ...state, rejected: [...state.rejected, e.item].slice(-MAX_REJECTED), error: refusalOf([e.item]) }),
  runActivityChanged: (state, e) => withRuns(state, e.runs),
  questionReopened: (state, e) => {
    const { reopenedAt, skipped } = state.local;
    if (reopenedAt.get(e.itemId) === e.anchor && !skipped.has(e.itemId)) return state;
    return { ...state, local: { reopenedAt: new Map(reopenedAt).set(e.itemId, e.anchor), skipped: new Set([...skipped].filter((id) => id !== e.itemId)) } };
  },
  questionSkipped: (state, e) => HANDLERS.questionsSkipped(state, { type: "questionsSkipped", itemIds: [e.itemId] }),
  questionsSkipped: (state, e) => {
    const fresh = e.itemIds.filter((id) => !state.local.skipped.has(id));
    return fresh.length === 0 ? state : { ...state, local: { ...state.local, skipped: new Set([...state.local.skipped, ...fresh]) } };
  },
};

/** The names of the conversation's events. */
export const CONVERSATION_EVENTS: ReadonlySet<string> = /* @__PURE__ */ new Set(/* @__PURE__ */ Object.keys(HANDLERS));

/** Applies one event; returns the same state object when the event changes nothing. Pure. */
export function conversationReducer(state: ConversationData, event: ConversationEvent): ConversationData {
  return (HANDLERS[event.type] as (state: ConversationData, e: ConversationEvent) => ConversationData)(state, event);
}

// The run ids keep their array while the same runs go, so a stream of deltas does not wake every subscriber.
function withRuns(state: ConversationData, runs: ActiveRuns): ConversationData {
  const sameIds = state.activeRunIds.length === runs.ids.length && state.activeRunIds.every((id, i) => id === runs.ids[i]);
  if (state.runActive === runs.active && sameIds) return state;
  return { ...state, runActive: runs.active, ...(sameIds ? {} : { activeRunIds: runs.ids }) };
}

// One problem stands for a whole report: its size, and the first item's source and first issue.
function refusalOf(rejected: readonly RejectedItem[]): ConversationProblem | undefined {
  const first = rejected[0];
  if (!first) return undefined;
  const reason = formatIssues(first.errors).split("\n")[0] ?? "";
  return { kind: "delivery-refused", count: rejected.length, source: first.source, ...(first.itemId ? { itemId: first.itemId } : {}), reason };
}
