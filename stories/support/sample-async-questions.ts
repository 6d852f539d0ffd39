// Async (Codex) questions an agent might post while it keeps working, shared by the stories.
import type { SimAskAsyncParams, SimAsyncQuestion } from "../../src/simulated";

/** Two plain options. */
export const BRANCH: SimAsyncQuestion = { title: "Which branch should the fix land on?", options: ["main", "release/2.4"] };

/** Options that read as sentences. */
export const CHANGELOG: SimAsyncQuestion = { title: "Should the changelog mention the rounding fix?", options: ["Yes, under Fixes", "No, it is internal"] };

/** No options: the answer is typed. */
export const NOTES: SimAsyncQuestion = { title: "Anything I should know before the deploy?" };

/** A label the agent repeated: OpenClaw's own UI shows every option, and so does the dock, told apart by position. */
export const REPEATED: SimAsyncQuestion = { title: "Which environment should the smoke test run in?", options: ["Staging", "Production", "Staging"] };

/** Posts the given questions as one async delivery. */
export function askAsync(...questions: SimAsyncQuestion[]): SimAskAsyncParams {
  return { questions };
}

/** What the gateway says when it will not take an answer; the summary shows it beside "Answer not sent". */
export const REFUSAL = { code: "UNAVAILABLE", message: "The agent is restarting its workspace; try again in a moment." };

/** A refusal of the message itself, which the gateway would repeat on every try. */
export const REFUSAL_FOR_GOOD = { code: "INVALID_REQUEST", message: "message must not contain null bytes" };

/** What the gateway says while it cannot read the conversation's history yet (its words after a start). */
export const HISTORY_NOT_READY = { code: "UNAVAILABLE", message: "session rows are initializing; reload the conversation" };

/** A notes answer that quotes the branch question's heading, so the saved reply cannot be split per question. */
export const QUOTING_ANSWER = `Same as last time:\n> ${BRANCH.title}\nmain is frozen until Friday.`;
