// The simulated gateway's public shapes: the options it is created with, what its scripting calls take, and the
// handle `createSimulatedGateway` returns. They sit apart from the factory so that file holds the wiring alone.
import type { QuestionAnswers } from "../protocol/answers";
import type { QuestionRecord } from "../protocol/question-record";
import type { TransportFactory } from "../gateway/transport";
import type { SimAgentTurn, SimAsyncQuestion, SimChatMessage } from "./sim-chat-types";
import type { SimClock } from "./sim-clock";
import type { SimCodexScripts } from "./sim-codex-runner";
import type { SimPersistence } from "./sim-persist";
import type { SimQuestionInput, SimQuestionSchema } from "./sim-question-rules";
import type { SimQuestionRequest } from "./sim-questions";

/** How to set up a simulated gateway; every field is optional. */
export interface SimulatedGatewayOptions {
  /** Shared token `connect` must carry; without one any token is accepted. */
  token?: string;
  /** Refuse connects without a signed device, as the gateway does for browser operators. @default true */
  requireDevice?: boolean;
  /** Answer this many connects with `UNAVAILABLE` (startup-sidecars) before accepting. @default 0 */
  unavailableConnects?: number;
  /** The `retryAfterMs` of those answers. @default 500 */
  retryAfterMs?: number;
  /** Delay of every frame in ms; 0 delivers on the next microtask. @default 0 */
  latencyMs?: number;
  /** Time source; inject one for deterministic tests. @default the global Date and timers */
  clock?: SimClock;
  /** Scopes that can be granted. @default SIM_OPERATOR_SCOPES */
  grantableScopes?: readonly string[];
  /** Interval of `tick` events and of `hello-ok.policy.tickIntervalMs`; 0 sends none. @default 30000 */
  tickIntervalMs?: number;
  /**
   * The agent's turn for a chat message: reply text, or an ask_user call (`{ askUser: { questions }, then }`) that
   * waits for the question and then replies; `false` leaves runs open for scripting. @default an echo
   */
  reply?: false | ((message: string) => SimAgentTurn | undefined);
  /** Pause between streamed reply chunks in ms. @default 40 */
  replyStepMs?: number;
  /** `hello-ok.server.version`. @default "2026.9.6-sim" */
  serverVersion?: string;
  /** `hello-ok.snapshot.sessionDefaults.mainSessionKey`. @default "agent:main:main" */
  mainSessionKey?: string;
  /** Extra delay per method in ms, e.g. `{ "chat.send": 1500 }`: spent before the request is handled and again before it is answered. */
  methodLatencyMs?: Readonly<Record<string, number>>;
  /** Keeps transcripts, chat.send keys and running runs across page loads; unreadable saved text is ignored. @default none */
  persist?: SimPersistence;
  /**
   * Guest tokens by token, each standing for a verified user profile id. A guest connection without
   * operator.questions sees only questions its own runs asked (`ask({ askedBy })`); the shared token has no profile.
   */
  guests?: Readonly<Record<string, string>>;
  /**
   * Whose `question.request` rules `ask` and the method apply. "next" takes what the release after 2026.9.6 takes
   * (up to 64 options, an option's `value`, `thumbnail`, `resourceUri`, `preview`, a question's `allowEmpty`,
   * `defaultAnswers`, `presentation`, `answerFormat`, `resource`) and records an option's `value ?? label` as its answer.
   * @default "2026.9.6", the published gateway's
   */
  questionSchema?: SimQuestionSchema;
}

/** What `ask` takes: `question.request` params, with each question's `options` and `isOther` optional. */
export interface SimAskParams extends Omit<SimQuestionRequest, "questions"> {
  questions: Array<Omit<SimQuestionInput, "options"> & { options?: SimQuestionInput["options"] }>;
  /** The guest profile whose own agent run asks it (default: the profile that started `runId`); without one, only full-access connections see it. */
  askedBy?: string;
}

/** What `askAsync` takes; not validated, so tests can deliver malformed questions on purpose. */
export interface SimAskAsyncParams {
  questions: SimAsyncQuestion[];
  itemId?: string;
  sessionKey?: string;
  /** Text of the carrying assistant message. */
  text?: string;
  /** A running run whose final message carries the questions; otherwise a short run of its own posts them. */
  runId?: string;
}

/** The simulated gateway: its transport and the scripting API. */
export interface SimulatedGateway {
  /** Hand this to the gateway client in place of the WebSocket transport. */
  transport: TransportFactory;
  /** Changes on every `restart`. */
  readonly bootId: string;
  /** Clients that completed the handshake and are still connected. */
  readonly connectionCount: number;
  /** Creates a question as an agent's ask_user would (`isOther` defaults to true); throws on invalid input. */
  ask(params: SimAskParams): QuestionRecord;
  /** Posts async (Codex) questions on an assistant message. */
  askAsync(params: SimAskAsyncParams): { runId: string; itemId: string };
  /**
   * Scripted Codex runs: a chat message containing a scripted key starts a Codex run that plays the script (a message
   * sent while one goes on in its session is steered into it); a restart with `recoverInterrupted` plays it again.
   */
  readonly codex: SimCodexScripts;
  /** Answers a question as another client would ("answered elsewhere"). */
  resolve(id: string, answers: QuestionAnswers | Record<string, string[]>, resolvedBy?: string): void;
  /** Cancels a question as another client (or the agent) would. */
  cancel(id: string, resolvedBy?: string): void;
  /** Every question the gateway still remembers, pending or recently resolved. */
  records(): QuestionRecord[];
  /** A session's transcript. @default the main session */
  history(sessionKey?: string): SimChatMessage[];
  /** Starts an agent run with no user message; returns its runId. */
  startRun(params?: { sessionKey?: string; runId?: string }): string;
  /** Streams assistant text on a running run. */
  streamRun(runId: string, text: string): void;
  /** Completes a run successfully (the newest running one by default); `phase` marks its final message (e.g. "commentary"). */
  completeRun(runId?: string, text?: string, opts?: { phase?: string }): void;
  /** Fails a run (the newest running one by default). */
  failRun(runId?: string, errorMessage?: string): void;
  /** Aborts a run (the newest running one by default). */
  abortRun(runId?: string): void;
  /** Runs still going. */
  activeRuns(): Array<{ runId: string; sessionKey: string }>;
  /** Sends any event to every connected client. */
  broadcast(event: string, payload: unknown): void;
  /** Closes every socket abnormally (code 1006). */
  dropConnections(): void;
  /**
   * A new boot (sockets closed 1012, runs stopped, pending questions lost unless `keepPending`), optionally down for
   * `offlineMs`. With `recoverInterrupted`, each session whose run was cut off gets a restart-recovery run once it is
   * back; one whose Codex script was playing plays that script again from the start.
   */
  restart(opts?: { keepPending?: boolean; offlineMs?: number; unavailableConnects?: number; recoverInterrupted?: boolean }): void;
  /** While offline, new connections fail at once with 1006. */
  setOffline(offline: boolean): void;
  /** Answers the next `count` connects with `UNAVAILABLE`. */
  setUnavailableConnects(count: number): void;
}
