// The dock store's options and the context its modules share; it lives below all of them, as the factory that
// builds it imports the modules it always runs.
import type { Clock, Timers } from "../gateway/clock";
import type { GatewayConnection } from "../gateway/connection";
import type { DockStorage } from "./keep/storage";
import type { DockEvent } from "./dock/dock-reducer";
import type { AsyncEvent } from "./async/reducer";
import type { Machine } from "./machine";
import type { PaneBus } from "./outbox/entry";
import type { SentLedger } from "./keep/keep";
import type { DockStore } from "./dock/state";

// A host holds an opt-in feature as an opaque token; its working parts stay private to the store (opt-in/attach.ts),
// so a host that never calls the factory never loads them.
/** Async (Codex) questions, their answer outbox and history outcomes; made by `asyncQuestionsFeature`, passed as the store's `asyncQuestions`. */
export interface AsyncQuestionsFeature {
  readonly feature: "asyncQuestions";
}

/** Blocking drafts kept across reloads and shared with the conversation's other panes; made by `blockingDraftsFeature`, passed as the store's `blockingDrafts`. */
export interface BlockingDraftsFeature {
  readonly feature: "blockingDrafts";
}

/** The conversation's messages and the outcomes its history holds; made by `chatHistoryFeature`, passed as the store's `chatHistory`. */
export interface ChatHistoryFeature {
  readonly feature: "chatHistory";
}

/** Chat replies that answer an agent run's waiting question (`actions.replyInChat`); made by `chatRepliesFeature`, passed as the store's `chatReplies`. */
export interface ChatRepliesFeature {
  readonly feature: "chatReplies";
}

/** Any opt-in feature of a dock store. */
export type DockFeature = AsyncQuestionsFeature | BlockingDraftsFeature | ChatHistoryFeature | ChatRepliesFeature;

/** Where a dock keeps its blocking drafts: storage survives a reload, the bus reaches the conversation's other tabs. */
export interface BlockingDraftServices {
  storage: DockStorage;
  /** Absent: drafts are not shared live. */
  bus?: PaneBus;
}

/** Where async answers and drafts are kept and how they are sent; every field has a default. */
export interface AsyncQuestionsOptions {
  /** Where drafts and unsent answers survive a reload. @default IndexedDB where the browser has it, else memory */
  storage?: DockStorage;
  /** Keeps the conversation's other tabs in step. @default a pane bus on the default channel, closed with the store */
  bus?: PaneBus;
  /** Messages `chat.history` is asked for. @default 1000 */
  historyLimit?: number;
  /** Makes outbox entry ids, which are also the chat.send idempotency keys. @default crypto.randomUUID */
  newId?: () => string;
  /** Deadline of one chat.send; past it the delivery is uncertain. @default 30000 */
  sendTimeoutMs?: number;
  /** Waits before each history check after the gateway took a message; then it counts as unconfirmed. @default [0, 250, 500, 1000, 2000, 4000] */
  confirmDelaysMs?: readonly number[];
}

/** Options of `createQuestionDockStore`. */
export interface DockStoreOptions {
  /** The gateway client (or anything with the same surface). */
  client: GatewayConnection;
  /** The conversation whose questions this dock shows; "main" matches the gateway's main session. */
  sessionKey: string;
  /** Time and timers (expiry, the typing grace, draft saves). @default systemClock */
  clock?: Clock;
  /** How long after an edit a new request waits before taking the active slot. @default 1500 */
  typingGraceMs?: number;
  /** Show records that carry no sessionKey. @default false */
  showSessionless?: boolean;
  /** The conversation's async (Codex) questions, answer outbox and history outcomes: `asyncQuestionsFeature(options?)`. Off when absent. */
  asyncQuestions?: AsyncQuestionsFeature;
  /** The conversation's messages in `state.chat` without async questions (which bring them too): `chatHistoryFeature(options?)`. Off when absent. */
  chatHistory?: ChatHistoryFeature;
  /** `actions.replyInChat`, which the composer's `useComposerAnswer(text).reply()` calls: `chatRepliesFeature()`. Off when absent. */
  chatReplies?: ChatRepliesFeature;
  /** The `resolvedBy` sent with this dock's answers and skips, which tells them from other surfaces'. @default one per tab, kept across reloads */
  resolverId?: string;
  /** Blocking drafts kept across reloads and shared live (`blockingDraftsFeature()`); `false`: memory only. @default on with `asyncQuestions`, else `false` */
  blockingDrafts?: BlockingDraftsFeature | false;
}

/** Everything that can happen to a conversation's store, by name. */
export type StoreEvent = DockEvent | AsyncEvent;

/** Internals shared by the store's modules; not part of the public API. */
export interface DockContext extends Machine<DockStore, StoreEvent> {
  options: Required<Omit<DockStoreOptions, "asyncQuestions" | "blockingDrafts" | "chatHistory" | "chatReplies" | "clock">> & { now: () => number; timers: Timers };
  /** Requests this tab sent an answer or skip for and has not seen end, kept across a reload. */
  sent: SentLedger;
}
