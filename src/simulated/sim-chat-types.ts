// The simulated chat's shapes: transcript messages as the gateway stores them, sessions and options.
import type { SimRun, SimRunOutcome, SimTextPart } from "./sim-runs";

/** One async (Codex) question: a title and, optionally, up to four string choices. */
export interface SimAsyncQuestion {
  title: string;
  options?: string[];
}

/** The `openclawAsyncDelivery` block an assistant message carries. */
export interface SimAsyncDelivery {
  itemId: string;
  questions: SimAsyncQuestion[];
}

/** A tool call or tool result block, shaped as the gateway writes it (see `sim-ask-user.ts`). */
export type SimToolPart = { type: "toolCall" | "toolResult" } & Record<string, unknown>;

/** A transcript message as `chat.history` returns it: user text is a plain string, assistant text a list of parts. */
export interface SimChatMessage {
  /** "custom" and "toolResult" carry an agent's tool calls, as the gateway writes them. */
  role: "user" | "assistant" | "custom" | "toolResult";
  content: string | SimTextPart[] | SimToolPart[];
  /** On "toolResult" messages: the call answered and its tool. */
  toolCallId?: string;
  toolName?: string;
  isError?: boolean;
  /** On "custom" messages: "openclaw.nested-tool.v1" for a deferred tool's call and result. */
  customType?: string;
  display?: boolean;
  excludeFromContext?: boolean;
  timestamp: number;
  /** On user messages: the `chat.send` idempotency key with `:user` appended, as the gateway stores it. */
  idempotencyKey?: string;
  stopReason?: string;
  replyToId?: string;
  /** "commentary" or "final_answer", as Codex messages carry it. */
  phase?: string;
  /** On the partial reply of a run aborted mid-stream, which the gateway saves with `stopReason: "stop"`. */
  openclawAbort?: { aborted: true; origin: string; runId: string };
  /** On messages the gateway wrote itself, e.g. the prompt of a restart-recovery run. */
  provenance?: { kind: string; sourceTool?: string; sourceSessionKey?: string };
  openclawAsyncDelivery?: SimAsyncDelivery;
  /** On the partial the gateway injects for an aborted Codex run: "openclaw", "gateway-injected", "openai-responses". */
  provider?: string;
  model?: string;
  api?: string;
  /**
   * `mirrorIdentity` and `mirrorOrigin` mark rows the Codex plugin mirrored, such as an async question's;
   * `runTerminal` marks the row that ends a Codex run.
   */
  __openclaw: { id: string; seq: number; runId?: string; idempotencyKey?: string; replyToId?: string; mirrorIdentity?: string; mirrorOrigin?: string; runTerminal?: true };
}

/** One question of an ask_user call, as the agent writes it (the tool's schema). */
export interface SimAskUserQuestion {
  id: string;
  header: string;
  question: string;
  options: Array<{ label: string; description?: string }>;
  multiSelect?: boolean;
}

/** What the simulated agent does with a chat message: reply with text, or call ask_user and reply once it ends. */
export type SimAgentTurn = string | { askUser: { questions: SimAskUserQuestion[]; timeoutSeconds?: number }; then?: string };

/** What became of a chat message sent while an agent run's question waits: taken as its answer, or refused with the gateway's words. */
export type SimClaimVerdict = { taken: true } | { taken: false; message: string };

/** A chat message claimed by a waiting question: the run that asked, and the verdict, decided once the message is saved. */
export interface SimClaim {
  runId: string;
  verdict(): SimClaimVerdict | undefined;
}

/** How the simulated agent answers a chat message. */
export interface SimChatOptions {
  /** The agent's turn for a user message; undefined leaves the run open for `completeRun`/`failRun`. */
  reply?: (message: string) => SimAgentTurn | undefined;
  /** Starts an ask_user call on a run (the gateway's tool); called for a turn that asks. */
  askUser?: (run: SimRun, turn: Exclude<SimAgentTurn, string>) => void;
  /**
   * A message in a session whose agent run waits on its question is claimed as that question's answer: returns
   * undefined when nothing waits there, else the verdict, decided once the message is saved.
   */
  claimReply?: (sessionKey: string, message: string, callerId: string | undefined, withImage: boolean) => SimClaim | undefined;
  /** Pause between streamed reply chunks, in ms. */
  stepMs: number;
  /** Called once per run as it settles, before its terminal `chat` event. */
  onRunEnded: (run: SimRun, outcome: SimRunOutcome) => void;
  /** The key that the alias "main" stands for in `chat.send`, `chat.history` and `chat.abort`, as on the gateway. */
  mainSessionKey?: string;
  /** Called with every row a transcript saves, as it is saved (the gateway's `session.message` feed). */
  onAppend?: (sessionKey: string, message: SimChatMessage) => void;
  /** Called (once per burst of changes, on a microtask) after transcripts, sent keys or runs changed. */
  onChange?: () => void;
}

/** One session's transcript. */
export interface SimSession {
  sessionId: string;
  messages: SimChatMessage[];
  lastRunId?: string;
  /** The verified profile (a guest's) whose chat.send created the session: the only guest that may write in it. */
  createdBy?: string;
}

/** Most messages `chat.history` returns when no limit is given. @default 200 */
export const DEFAULT_HISTORY_LIMIT = 200;

/** The prompt of the run with which the gateway resumes a turn a restart interrupted (openclaw 2026.9.6's, word for word). */
export const RESTART_RECOVERY_PROMPT =
  "[System] Your previous turn was interrupted by a gateway restart while OpenClaw was waiting on tool/model work. The restart did not cancel the user's task. " +
  "Continue from the existing transcript: check the current state, recover interrupted work, and finish the task without asking the user to repeat the request. " +
  "Interrupted subagents are not automatically relaunched. Inspect their saved results and current status; continue a retained child session or start a replacement " +
  "when needed, after confirming the previous execution has stopped. Treat a tool result marked interrupted or missing as having an unknown outcome; verify what " +
  "happened before repeating an action. If a tool failed, say so; never claim completion or success.";

/** What `chat.history` says about a session's runs, as the gateway's `sessionInfo` does. */
export interface SimSessionInfo {
  key: string;
  status: "running" | "done";
  hasActiveRun: boolean;
  activeRunIds: string[];
  lastRunId?: string;
}
