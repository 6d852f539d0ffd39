// What every conformance scenario does the same way on both gateways: start a run that asks, wait for an event,
// read a session's history. Waits poll or listen; their limits are hang guards, never the thing under test.
import { afterAll, beforeAll } from "vitest";
import { GatewayRequestError, type RawClient, type RawEvent } from "../gateway/raw-client";
import { SCENARIO_TIMEOUT_MS, type AgentQuestion, type ConformanceBackend } from "./backend";

/** A question record as the gateway sends it. */
export type Rec = Record<string, unknown> & { id: string; status: string; runId?: string; resolvedBy?: string; answers?: { answers: Record<string, string[]> } };
/** A transcript message as `chat.history` returns it. */
export type Msg = Record<string, unknown> & { role: string; content?: unknown; idempotencyKey?: string; __openclaw?: Record<string, unknown> };

/** The first event (seen or to come) that matches; a timeout names what was awaited. */
export const eventOf = (b: ConformanceBackend, c: RawClient, pred: (e: RawEvent) => boolean, what = "an event") =>
  c.waitForEvent(pred, b.waitMs).catch((error: unknown) => {
    throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  });

/** The `chat` event of `runId` in `state`. */
export const chatEvent = (b: ConformanceBackend, c: RawClient, runId: string, state: string) =>
  eventOf(b, c, (e) => e.event === "chat" && (e.payload as { runId?: string; state?: string }).runId === runId && (e.payload as { state?: string }).state === state, `chat ${state} of ${runId}`);

/** The terminal `chat` event of `runId`: final, error or aborted. */
export const runEnd = (b: ConformanceBackend, c: RawClient, runId: string) =>
  eventOf(b, c, (e) => e.event === "chat" && (e.payload as { runId?: string }).runId === runId && ["final", "error", "aborted"].includes(String((e.payload as { state?: string }).state)), `the end of ${runId}`);

/** The `question.resolved` event of a question. */
export const resolvedEvent = async (b: ConformanceBackend, c: RawClient, id: string) =>
  (await eventOf(b, c, (e) => e.event === "question.resolved" && (e.payload as { id?: string }).id === id, `question.resolved of ${id}`)).payload as Record<string, unknown>;

/** The gateway's record of a question. */
export const getRecord = async (c: RawClient, id: string) => (await c.request<{ question: Rec }>("question.get", { id })).question;

/** A session's whole saved transcript. */
export const historyOf = async (c: RawClient, sessionKey: string) => (await c.request<{ messages: Msg[] }>("chat.history", { sessionKey, limit: 1000 })).messages;

/** The user messages of a session, as text. */
export const userTexts = async (c: RawClient, sessionKey: string) => (await historyOf(c, sessionKey)).filter((m) => m.role === "user").map((m) => m.content);

/** The error a request fails with, as `{code, reason, message}`. */
export async function refusalOf(p: Promise<unknown>): Promise<{ code: string; reason?: unknown; message: string }> {
  try {
    await p;
  } catch (error) {
    if (error instanceof GatewayRequestError) return { code: error.code, reason: error.details?.["reason"], message: error.message };
    throw error;
  }
  throw new Error("the request was expected to fail");
}

/** Starts a run with the message `label` whose agent asks `questions`; resolves with the run id and the question's record. */
export async function startAsking(b: ConformanceBackend, c: RawClient, sessionKey: string, label: string, questions: AgentQuestion[], then = `Thanks: ${label}.`) {
  const tag = Math.random().toString(36).slice(2, 8);
  const message = `please ask ${label} ${tag}`;
  await b.scriptAskUser(message, questions, then);
  const runId = `run-${label}-${tag}`;
  await c.request("chat.send", { sessionKey, message, idempotencyKey: runId });
  const requested = await eventOf(b, c, (e) => e.event === "question.requested" && (e.payload as { runId?: string }).runId === runId, `the question of ${runId}`);
  return { runId, record: requested.payload as Rec };
}

/** Polls until `check` gives a truthy value; the limit only guards against a hang. */
export async function until<T>(b: ConformanceBackend, check: () => Promise<T> | T, what: string): Promise<NonNullable<T>> {
  const deadline = Date.now() + b.waitMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Makes a scenario group's backend and its connection before the group's tests, and closes the connection after. */
export function beforeScenarios(backend: () => ConformanceBackend, ready: (b: ConformanceBackend, c: RawClient) => void): void {
  let client: RawClient | undefined;
  beforeAll(async () => {
    const b = backend();
    client = await b.connect();
    ready(b, client);
  }, SCENARIO_TIMEOUT_MS);
  afterAll(() => client?.close());
}
