import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createGatewayClient,
  GatewayResultError,
  getQuestion,
  listQuestions,
  recoverQuestions,
  resolveQuestion,
  type GatewayClient,
} from "../../../src/gateway";
import { CHALLENGE_TS, createScriptedGateway, helloPayload, type ScriptedSocket } from "./scripted-gateway";
import { until } from "./until";

// The simulated gateway only answers with well-formed results; these cases need a gateway that misbehaves.
let gw: ReturnType<typeof createScriptedGateway>;
let client: GatewayClient;
let socket: ScriptedSocket;

const record = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  questions: [{ questionId: "pick", header: "Pick", question: "Which?", options: [{ label: "A" }, { label: "B" }] }],
  createdAtMs: 1,
  expiresAtMs: 2,
  status: "pending",
  ...extra,
});

/** Answers the next request of `method` with `payload`. */
async function answer(method: string, payload: unknown, ok = true): Promise<void> {
  const req = await until(() => socket.sent.find((f) => f.method === method && !answered.has(f.id)), method);
  answered.add(req.id);
  socket.push(ok ? { type: "res", id: req.id, ok: true, payload } : { type: "res", id: req.id, ok: false, error: payload });
}
const answered = new Set<string>();

beforeEach(async () => {
  vi.useFakeTimers();
  answered.clear();
  gw = createScriptedGateway();
  client = createGatewayClient({ url: "ws://gateway.test", transport: gw.transport });
  client.start();
  await vi.advanceTimersByTimeAsync(0);
  socket = gw.latest();
  socket.push({ type: "event", event: "connect.challenge", payload: { nonce: "n", ts: CHALLENGE_TS } });
  await answer("connect", helloPayload());
});

afterEach(() => {
  client.stop();
  vi.useRealTimers();
});

describe("Question helpers", () => {
  it("lists the valid records and sets the malformed ones aside with their problems", async () => {
    const listing = listQuestions(client);
    await answer("question.list", { questions: [record("good"), record("bad", { status: "lost", questions: "nope" })] });
    const { records, rejected } = await listing;
    expect(records.map((r) => r.id)).toEqual(["good"]);
    expect(rejected).toEqual([{ index: 1, errors: expect.arrayContaining([expect.objectContaining({ path: "questions[1].questions" })]) }]);
  });

  it("rejects a malformed question.get result with an error that lists each problem", async () => {
    const getting = getQuestion(client, "q1").catch((e: unknown) => e);
    await answer("question.get", { question: { id: "q1", status: "pending" } });
    const error = (await getting) as GatewayResultError;
    expect(error).toBeInstanceOf(GatewayResultError);
    expect(error.method).toBe("question.get");
    expect(error.message).toMatch(/^question\.get returned a malformed result:\n/);
    expect(error.issues.map((i) => i.path)).toEqual(expect.arrayContaining(["question.createdAtMs", "question.expiresAtMs"]));
  });

  it("validates question.resolve results", async () => {
    const resolve = resolveQuestion(client, { id: "q1", cancel: true }).catch((e: unknown) => e);
    await answer("question.resolve", { status: "maybe" });
    expect(await resolve).toBeInstanceOf(GatewayResultError);

    const answeredWithoutAnswers = resolveQuestion(client, { id: "q1", answers: { answers: { pick: ["A"] } } }).catch((e: unknown) => e);
    await answer("question.resolve", { status: "answered" });
    expect(((await answeredWithoutAnswers) as GatewayResultError).issues[0]?.path).toBe("answers");
  });

  it("in recovery, reports a malformed question.get record and treats the question as unavailable", async () => {
    const recovering = recoverQuestions(client, ["q9"]);
    await answer("question.list", { questions: [] });
    await answer("question.get", { question: { id: "q9" } });
    const result = await recovering;
    expect(result.pending).toEqual([]);
    expect(result.settled).toEqual([{ id: "q9", outcome: "unavailable" }]);
    expect(result.rejected).toEqual([{ id: "q9", errors: expect.any(Array) }]);
  });

  it("in recovery, passes a transport failure on to the caller instead of guessing outcomes", async () => {
    const recovering = recoverQuestions(client, ["q9"]).catch((e: unknown) => e);
    await answer("question.list", { questions: [] });
    await answer("question.get", { code: "UNAVAILABLE", message: "busy", retryable: true }, false);
    expect(await recovering).toMatchObject({ code: "UNAVAILABLE" });
  });
});
