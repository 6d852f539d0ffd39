/**
 * An in-process OpenClaw gateway that speaks the real protocol-v4 frames through a `TransportFactory`,
 * for the playground, stories and tests. Runs in browsers and Node; no sockets, no React.
 *
 *   const sim = createSimulatedGateway({ token: "secret" });
 *   const client = createGatewayClient({ url: "sim://gateway", transport: sim.transport, token: "secret" });
 *   sim.ask({ questions: [{ questionId: "target", header: "Deploy", question: "Where to?",
 *     options: [{ label: "Staging" }, { label: "Production" }] }] });
 *   sim.askAsync({ questions: [{ title: "Which branch?", options: ["main", "dev"] }] });
 *   sim.restart({ keepPending: true });   // new bootId, sockets closed with 1012
 *
 * With fake timers, pass `clock` (or let it use the globals) and advance time to expire questions or
 * stream replies; frames are delivered on microtasks unless `latencyMs` is set.
 *
 * With `persist`, transcripts, chat.send keys and running runs are saved on every change and loaded at
 * creation, so a page that reloads finds the same conversations (question records are not kept).
 */
import type { QuestionAnswers } from "../protocol/answers";
import { CONTROL_UI_SCOPES } from "../gateway/handshake";
import { createAgentTurns } from "./sim-agent-turns";
import { writeAskUserCall, writeAskUserResult, type SimAskUserCall } from "./sim-ask-user";
import { SimChat } from "./sim-chat";
import { systemClock } from "./sim-clock";
import type { SimulatedGateway, SimulatedGatewayOptions } from "./sim-gateway-types";
import { SimHub } from "./sim-hub";
import { SimMessageSubscriptions, sessionMessagePayload } from "./sim-subscriptions";
import { copy, deliverer, randomId } from "./sim-wiring";
import { oncePerMicrotask, parseChatDump, type SimPersistence } from "./sim-persist";
import { assertAskable } from "./sim-methods";
import { questionParamsError } from "./sim-question-rules";
import { SimQuestionStore } from "./sim-questions";
import type { SimRun } from "./sim-runs";
import { SIM_KNOWN_SCOPES } from "./sim-scopes";

/** The scopes the simulated gateway grants by default, among those requested: a Control UI's, plus the session scopes. */
export const SIM_OPERATOR_SCOPES: readonly string[] = [...new Set([...CONTROL_UI_SCOPES, ...SIM_KNOWN_SCOPES])];

/** Creates a simulated gateway; see the usage note at the top of this file. */
export function createSimulatedGateway(options: SimulatedGatewayOptions = {}): SimulatedGateway {
  const clock = options.clock ?? systemClock;
  const mainSessionKey = options.mainSessionKey ?? "agent:main:main";
  const questionSchema = options.questionSchema ?? "2026.9.6";
  const replyOption = options.reply ?? ((message: string) => `Noted: ${message}`);
  // Questions asked from an agent run's tool call, by record id, until the transcript shows how they ended.
  const askUserCalls = new Map<string, SimAskUserCall>();
  const writeResult = (id: string) => {
    const call = askUserCalls.get(id);
    const record = call && questions.all().find((r) => r.id === id);
    if (!call || !record) return;
    askUserCalls.delete(id);
    writeAskUserResult(chat, call, record);
    turns.questionEnded(record);
  };
  // Stores publish through the hub, which needs the stores to exist first; the closure resolves it later.
  const publish = (event: string, payload: unknown) => {
    if (event === "question.resolved") writeResult(String((payload as { id?: unknown }).id));
    server.publish(event, payload);
    // Pending questions are saved with the conversations, so a reloaded page finds them still pending.
    if (event === "question.requested" || event === "question.resolved") saveQuestions();
  };
  const questions = new SimQuestionStore(clock, publish, randomId);
  const subscriptions = new SimMessageSubscriptions(mainSessionKey);
  let hubReady = false;
  const chat = new SimChat(clock, publish, {
    ...(replyOption ? { reply: replyOption } : {}),
    stepMs: options.replyStepMs ?? 40,
    onRunEnded: (run) => questions.cancelOwnedBy(run.runId),
    askUser: (run, turn) => turns.askUser(run, turn),
    claimReply: (sessionKey, message, callerId, withImage) => turns.claimReply(sessionKey, message, callerId, withImage),
    mainSessionKey,
    onAppend: (sessionKey, message) => {
      // Rows saved while loading a saved state come before any connection could have subscribed.
      if (!hubReady) return;
      const key = subscriptions.canonical(sessionKey);
      server.publishSessionMessage(key, sessionMessagePayload(key, message));
    },
    ...(options.persist ? { onChange: () => save(options.persist!) } : {}),
  });
  const turns = createAgentTurns({ chat, questions, calls: askUserCalls, newId: randomId });
  const save = (persist: SimPersistence) => {
    try {
      persist.save(JSON.stringify({ ...chat.dump(), questions: questions.pending() }));
    } catch {
      // A full or unavailable storage must not stop the gateway; it only forgets on the next load.
    }
  };
  const saveQuestions = oncePerMicrotask(() => options.persist && save(options.persist));
  const saved = options.persist ? parseChatDump(options.persist.load()) : undefined;
  if (saved) chat.load(saved);
  for (const q of saved?.questions ?? []) questions.restore(q.record, q.ownerRunId, q.askedBy);
  const server = new SimHub(
    {
      clock,
      deliver: deliverer(clock, options.latencyMs ?? 0),
      serverVersion: options.serverVersion ?? "2026.9.6-sim",
      mainSessionKey,
      tickIntervalMs: options.tickIntervalMs ?? 30_000,
      maxPayload: 25 * 1024 * 1024,
      retryAfterMs: options.retryAfterMs ?? 500,
      newId: (prefix) => `${prefix}-${randomId()}`,
      token: options.token,
      requireDevice: options.requireDevice ?? true,
      grantableScopes: options.grantableScopes ?? SIM_OPERATOR_SCOPES,
      deviceTokens: new Map(),
      newDeviceToken: randomId,
      ...(options.guests ? { guests: new Map(Object.entries(options.guests)) } : {}),
      ...(options.methodLatencyMs ? { methodLatencyMs: options.methodLatencyMs } : {}),
    },
    { questions, questionSchema, chat, subscriptions },
  );
  server.unavailableConnects = options.unavailableConnects ?? 0;
  hubReady = true;

  const runFor = (runId: string | undefined): SimRun => {
    const run = runId === undefined ? chat.runs.active().at(-1) : chat.runs.get(runId);
    if (!run || run.status !== "running") throw new Error(runId === undefined ? "no run is running" : `run '${runId}' is not running`);
    return run;
  };

  return {
    transport: server.transport,
    get bootId() {
      return server.bootId;
    },
    get connectionCount() {
      return server.connected.length;
    },
    ask({ askedBy, ...params }) {
      const request = {
        sessionKey: mainSessionKey,
        agentId: "main",
        ...params,
        questions: params.questions.map((q) => ({ isOther: true, ...q, options: q.options ?? [] })),
      };
      const error = questionParamsError("question.request", request, questionSchema);
      if (error) throw error;
      assertAskable(request.questions, questionSchema);
      const owner = request.runId !== undefined && chat.runs.get(request.runId)?.status === "running" ? request.runId : undefined;
      // A running run's question comes from its ask_user tool call, which its transcript shows as the gateway's does.
      const call = owner
        ? writeAskUserCall(chat, { sessionKey: chat.runs.get(owner)!.sessionKey, runId: owner, callId: `call_${randomId()}`, questions: request.questions, timeoutMs: request.timeoutMs })
        : undefined;
      // A guest's own run asks for that guest unless told otherwise.
      const asker = askedBy ?? (owner ? chat.runs.get(owner)?.profileId : undefined);
      const record = questions.request(call && request.id === undefined ? { ...request, id: call.recordId } : request, owner, asker);
      if (call) askUserCalls.set(record.id, call);
      return copy(record);
    },
    askAsync(params) {
      const itemId = params.itemId ?? `item-${randomId()}`;
      const run = chat.deliverAsync(params.sessionKey ?? mainSessionKey, { itemId, questions: params.questions }, params.text ?? "", params.runId);
      return { runId: run.runId, itemId };
    },
    codex: {
      script: (key, steps) => chat.codex.script(key, steps),
      release: (key) => chat.codex.release(key),
    },
    resolve(id, answers, resolvedBy) {
      const envelope = "answers" in answers && typeof answers.answers === "object" && !Array.isArray(answers.answers) ? (answers as QuestionAnswers) : { answers: answers as Record<string, string[]> };
      questions.resolve(id, envelope, resolvedBy);
    },
    cancel(id, resolvedBy) {
      questions.cancel(id, resolvedBy);
    },
    records: () => copy(questions.all()),
    history: (sessionKey = mainSessionKey) => copy(chat.history(sessionKey, Number.MAX_SAFE_INTEGER).messages),
    startRun: (params = {}) => chat.startRun(params.sessionKey ?? mainSessionKey, params.runId).runId,
    streamRun: (runId, text) => chat.runs.stream(runFor(runId), text),
    completeRun: (runId, text, opts = {}) => chat.runs.complete(runFor(runId), text, opts.phase),
    failRun: (runId, errorMessage = "The agent run failed.") => chat.runs.fail(runFor(runId), errorMessage),
    abortRun: (runId) => chat.runs.abort(runFor(runId)),
    activeRuns: () => chat.runs.active().map((r) => ({ runId: r.runId, sessionKey: r.sessionKey })),
    broadcast: (event, payload) => server.publish(event, payload),
    dropConnections: () => server.dropAll(),
    restart(opts = {}) {
      server.closeAll(1012, "service restart");
      server.bootId = `boot-${randomId()}`;
      // Read before the runs stop: which sessions' Codex scripts were playing, to play them again on recovery.
      const cutScripts = chat.codex.stopAll();
      const interrupted = chat.stopRuns();
      if (!opts.keepPending) questions.clear();
      saveQuestions();
      if (opts.unavailableConnects !== undefined) server.unavailableConnects = opts.unavailableConnects;
      const recover = () => {
        if (!opts.recoverInterrupted) return;
        for (const sessionKey of interrupted) {
          const message = cutScripts.get(sessionKey);
          const run = chat.recover(sessionKey, message !== undefined);
          if (message !== undefined) chat.codex.play(run, message);
        }
      };
      if (opts.offlineMs !== undefined && opts.offlineMs > 0) {
        server.offline = true;
        clock.setTimeout(() => {
          server.offline = false;
          recover();
        }, opts.offlineMs);
      } else {
        recover();
      }
    },
    setOffline(offline) {
      server.offline = offline;
    },
    setUnavailableConnects(count) {
      if (!Number.isInteger(count) || count < 0) throw new RangeError("count must be a non-negative integer");
      server.unavailableConnects = count;
    },
  };
}
