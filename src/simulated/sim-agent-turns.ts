// An agent run that calls ask_user, as the real gateway runs one (observed on openclaw 2026.9.6,
// docs/gateway-findings.md "Chat replies while an agent run waits"): the tool call enters the transcript, the
// question waits, and the run goes on with its reply once the question ends. While it waits, a chat message in
// its session from a connection with the run creator's caller policy (role, scopes, caps, client, profile; not the
// device) is its answer (`resolvedBy: "plain-text"`); from any other it is refused, and the run can no longer append
// its reply after the answer (the transcript changed under it).
import { readChatClaim, unansweredByClaim } from "../protocol/chat-claim";
import type { GatewayQuestion, QuestionRecord } from "../protocol/question-record";
import { writeAskUserCall, type SimAskUserCall } from "./sim-ask-user";
import type { SimChat } from "./sim-chat";
import type { SimAgentTurn, SimClaim, SimClaimVerdict } from "./sim-chat-types";
import type { SimQuestionStore } from "./sim-questions";
import type { SimRun } from "./sim-runs";

/** The gateway's words when someone other than the run's creator replies in chat. */
export const NOT_CREATOR_MESSAGE =
  "The answer was not sent: question answer caller policy does not match its creator. Use the question controls in the Control UI, or check the active run and your permissions before retrying.";

/** The gateway's words when a chat reply leaves a question without an answer. */
export function unansweredMessage(questionId: string): string {
  return `The answer was not accepted: question '${questionId}' requires an answer. The question is still open, so reply again and answer every question by number or question id.`;
}

/** What the gateway's tool does with the agent's headers: at most 12 characters. */
const HEADER_MAX = 12;
/** The ask_user tool's default wait, in seconds. */
const DEFAULT_TIMEOUT_SECONDS = 900;

/** Runs ask_user turns and claims chat replies for their questions. */
export interface SimAgentTurns {
  askUser(run: SimRun, turn: Exclude<SimAgentTurn, string>): void;
  /** Goes on with the run of a question that ended, once the transcript shows how. */
  questionEnded(record: QuestionRecord): void;
  claimReply(sessionKey: string, message: string, callerId: string | undefined, withImage: boolean): SimClaim | undefined;
}

/** What the turns reach: the chat, the question store, the ask_user calls still waiting, and fresh ids. */
export interface SimAgentTurnDeps {
  chat: SimChat;
  questions: SimQuestionStore;
  calls: Map<string, SimAskUserCall>;
  newId: () => string;
}

/** Creates the agent's ask_user behaviour for one simulated gateway. */
export function createAgentTurns({ chat, questions, calls, newId }: SimAgentTurnDeps): SimAgentTurns {
  // Question id → the run that waits on it and what it says once the question ends.
  const waiting = new Map<string, { run: SimRun; then: string }>();

  const pendingIn = (sessionKey: string) =>
    [...calls.values()].find((call) => call.sessionKey === sessionKey && questions.get(call.recordId)?.status === "pending" && chat.runs.get(call.runId)?.status === "running");

  return {
    askUser(run, { askUser, then }) {
      const asked: GatewayQuestion[] = askUser.questions.map((q) => ({
        questionId: q.id,
        header: q.header.slice(0, HEADER_MAX),
        question: q.question,
        options: q.options,
        ...(q.multiSelect ? { multiSelect: true } : {}),
        isOther: true,
      }));
      const timeoutSeconds = askUser.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
      const timeoutMs = timeoutSeconds * 1000;
      const args = { questions: askUser.questions.map((q) => ({ ...q })), timeoutSeconds };
      const call = writeAskUserCall(chat, { sessionKey: run.sessionKey, runId: run.runId, callId: `call_${newId()}`, questions: asked, timeoutMs, args });
      calls.set(call.recordId, call);
      waiting.set(call.recordId, { run, then: then ?? "Going ahead." });
      // A run a guest's message started asks on that guest's behalf: the question is the guest's own (own-run access).
      questions.request({ id: call.recordId, sessionKey: run.sessionKey, agentId: run.agentId, runId: run.runId, timeoutMs, questions: asked }, run.runId, run.profileId);
    },
    questionEnded(record) {
      const turn = waiting.get(record.id);
      waiting.delete(record.id);
      // A stopped or ended run took its turn down with it.
      if (turn && turn.run.status === "running") chat.finishWith(turn.run, turn.then);
    },
    claimReply(sessionKey, message, callerId, withImage) {
      const call = pendingIn(sessionKey);
      if (!call) return undefined;
      // A reply with an image sets the question aside (the agent gets no answer) and goes to the run as input.
      if (withImage) return { runId: call.runId, verdict: () => void questions.cancel(call.recordId, "image-reply") };
      const verdict = (): SimClaimVerdict => {
        const record = questions.get(call.recordId);
        const run = chat.runs.get(call.runId);
        if (!record || record.status !== "pending" || !run) return { taken: false, message: "The question is no longer pending." };
        // A scripted run (no chat message started it) has no creator to match: it stands for the page's own run.
        if (run.creatorId !== undefined && run.creatorId !== callerId) {
          run.transcriptChanged = true;
          return { taken: false, message: NOT_CREATOR_MESSAGE };
        }
        const answers = readChatClaim(record, message);
        const missing = unansweredByClaim(record, answers)[0];
        if (missing) return { taken: false, message: unansweredMessage(missing.questionId) };
        questions.resolve(record.id, answers, "plain-text");
        return { taken: true };
      };
      return { runId: call.runId, verdict };
    },
  };
}
