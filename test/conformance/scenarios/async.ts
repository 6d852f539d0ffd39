// Async (Codex) questions on both gateways: what the gateway saves and sends while a Codex run asks and then ends
// in each way (success, failure, abort), with commentary, beside an overlapping run, when the answer comes back as
// a chat message, and across a restart and its recovery (last: the gateway restarts). The real gateway runs the official Codex plugin
// against a scripted app-server; the simulated gateway must save exactly the same shapes.
import { randomUUID } from "node:crypto";
import { describe, expect, it as vitestIt } from "vitest";
import type { RawClient } from "../../gateway/raw-client";
import { errorMessage } from "../../../src/protocol/result";
import { SCENARIO_TIMEOUT_MS, type CodexRuns, type ConformanceBackend } from "../backend";
import { beforeScenarios, eventOf, historyOf, runEnd, until, type Msg } from "../support";

const meta = (m: Msg) => m.__openclaw ?? {};
const turnOf = (m: Msg) => String(meta(m)["mirrorIdentity"] ?? "").split(":")[0];
const textOf = (content: unknown) => (Array.isArray(content) ? (content as Array<{ text?: string }>).map((p) => p.text ?? "").join("") : String(content));
const isAsync = (m: Msg) => m["openclawAsyncDelivery"] !== undefined;
const isTerminal = (m: Msg) => meta(m)["runTerminal"] === true;

/** A script key of its own: random, so no text the gateway adds to a turn can contain it. */
const newKey = (label: string) => `${label}${randomUUID().slice(0, 8)}`;

/**
 * Which of the async scenarios to run: all of them (the simulated gateway), those without a restart (a gateway that
 * others share), or only the restart (a gateway that its files restart in turn).
 */
export type AsyncPart = "all" | "without restart" | "restart";

/** The async questions scenarios; the backend must have Codex runs. */
export function asyncScenarios(backend: () => ConformanceBackend, part: AsyncPart = "all"): void {
  const it = (name: string, fn: () => Promise<void>) => part !== "restart" && vitestIt(name, fn);
  const restartIt = (name: string, fn: () => Promise<void>) => part !== "without restart" && vitestIt(name, fn);
  describe(part === "restart" ? "async (Codex) questions across a restart" : "async (Codex) questions", { timeout: SCENARIO_TIMEOUT_MS }, () => {
    let b: ConformanceBackend;
    let c: RawClient;
    let codex: CodexRuns;
    beforeScenarios(backend, (x, y) => {
      b = x;
      c = y;
      if (!x.codex) throw new Error(`the ${x.name} backend has no Codex runs`);
      codex = x.codex;
    });

    /** Subscribes `client` to the rows `session` saves, as the kit does to hear of async questions live. */
    const subscribe = async (client: RawClient, session: string) => {
      expect(await client.request("sessions.messages.subscribe", { key: session })).toEqual({ subscribed: true, key: session });
    };
    /** The `session.message` event that carries the async question `itemId`. */
    const asyncRow = async (client: RawClient, itemId: string) => {
      const event = await eventOf(b, client, (e) => e.event === "session.message" && (e.payload as { message?: Msg }).message?.["openclawAsyncDelivery"] !== undefined && ((e.payload as { message: Msg }).message["openclawAsyncDelivery"] as { itemId?: string }).itemId === itemId, `the async question ${itemId}`);
      return event.payload as { sessionKey: string; message: Msg; runId?: string };
    };
    /** Sends `message` as a new run of `session`; the run id is the idempotency key. */
    const send = async (session: string, message: string, runId = `run-${randomUUID().slice(0, 8)}`) => {
      expect(await c.request("chat.send", { sessionKey: session, message, idempotencyKey: runId })).toMatchObject({ runId, status: "started" });
      return runId;
    };

    it("saves an async question mid-run, without the run's id, and tells a subscriber at once", async () => {
      const session = b.newSession("async-live");
      const key = newKey("live");
      const itemId = `${key}-ask`;
      codex.script(key, [{ ask: [{ title: "Where to deploy?", options: ["Staging", "Production"] }], itemId }, { waitFor: `${key}-go` }, { say: "Deployed." }]);
      await subscribe(c, session);
      const runId = await send(session, `deploy ${key}`);

      const row = await asyncRow(c, itemId);
      expect(row.sessionKey).toBe(session);
      expect(row.runId).toBeUndefined();
      expect(row.message).toMatchObject({ role: "assistant", openclawAsyncDelivery: { itemId, questions: [{ title: "Where to deploy?", options: ["Staging", "Production"] }] } });
      expect(meta(row.message)["runId"]).toBeUndefined();
      expect(meta(row.message)["mirrorOrigin"]).toBe("codex-app-server");
      expect(meta(row.message)["mirrorIdentity"]).toMatch(new RegExp(`^[^:]+:async:${itemId}$`));
      // The run is still going: nothing of its end is saved yet.
      expect((await historyOf(c, session)).some(isTerminal)).toBe(false);

      codex.release(`${key}-go`);
      expect((await runEnd(b, c, runId)).payload).toMatchObject({ state: "final" });
      const saved = await until(b, async () => {
        const h = await historyOf(c, session);
        return h.some(isTerminal) ? h : undefined;
      }, "the run's final message");
      const [prompt, asked, final] = saved;
      expect(saved).toHaveLength(3);
      expect(prompt).toMatchObject({ role: "user", content: `deploy ${key}` });
      expect(meta(prompt!)["runId"]).toBe(runId);
      expect(isAsync(asked!)).toBe(true);
      expect(final).toMatchObject({ role: "assistant", stopReason: "stop" });
      expect(textOf(final!.content)).toBe("Deployed.");
      expect(meta(final!)).toMatchObject({ runId, runTerminal: true, mirrorOrigin: "codex-app-server" });
      // One turn binds them: the prompt and the final name the run, the async question only the turn.
      expect(meta(prompt!)["mirrorIdentity"]).toBe(`${turnOf(asked!)}:prompt`);
      expect(meta(final!)["mirrorIdentity"]).toBe(`${turnOf(asked!)}:assistant`);
    });

    it("saves a failed run as a custom run-failed-before-reply message with the run's id, and ends it with error", async () => {
      const session = b.newSession("async-fail");
      const key = newKey("fail");
      codex.script(key, [{ ask: [{ title: "Which colour?" }], itemId: `${key}-ask` }, { fail: "the model broke" }]);
      const runId = await send(session, `paint ${key}`);
      expect((await runEnd(b, c, runId)).payload).toMatchObject({ state: "error" });
      const saved = await until(b, async () => {
        const h = await historyOf(c, session);
        return h.some((m) => m.role === "custom") ? h : undefined;
      }, "the failure's record");
      expect(saved.map((m) => m.role)).toEqual(["user", "assistant", "custom"]);
      const failure = saved[2]!;
      expect(failure).toMatchObject({ role: "custom", customType: "run-failed-before-reply" });
      expect(String(failure.content)).toMatch(/^This turn ended before a reply: /);
      expect(meta(failure)["runId"]).toBe(runId);
      // No assistant message ends the run: a failure is never read from a stop reason.
      expect(saved.filter((m) => m.role === "assistant" && (isTerminal(m) || m["stopReason"] === "error"))).toEqual([]);
    });

    it("saves an aborted run as two messages, the gateway's and the mirrored one, and ends it aborted", async () => {
      const session = b.newSession("async-abort");
      const key = newKey("abort");
      codex.script(key, [{ ask: [{ title: "Which size?", options: ["S", "M"] }], itemId: `${key}-ask` }, { say: "Half an answer" }, { hang: true }]);
      await subscribe(c, session);
      const runId = await send(session, `measure ${key}`);
      await asyncRow(c, `${key}-ask`);
      await eventOf(b, c, (e) => e.event === "chat" && (e.payload as { runId?: string; state?: string }).runId === runId && (e.payload as { state?: string }).state === "delta", "the partial answer");
      await c.request("chat.abort", { sessionKey: session, runId });
      expect((await runEnd(b, c, runId)).payload).toMatchObject({ state: "aborted" });
      const saved = await until(b, async () => {
        const h = await historyOf(c, session);
        return h.filter((m) => m.role === "assistant" && !isAsync(m)).length >= 2 ? h : undefined;
      }, "the abort's two messages");
      const [injected, mirrored] = saved.filter((m) => m.role === "assistant" && !isAsync(m));
      expect(injected).toMatchObject({ stopReason: "stop", openclawAbort: { aborted: true, runId }, idempotencyKey: `${runId}:assistant` });
      expect(meta(injected!)["runId"]).toBe(runId);
      expect(mirrored).toMatchObject({ stopReason: "aborted" });
      expect(meta(mirrored!)).toMatchObject({ runId, runTerminal: true, mirrorOrigin: "codex-app-server" });
      expect(textOf(injected!.content)).toBe("Half an answer");
      expect(textOf(mirrored!.content)).toBe("Half an answer");
    });

    it("saves commentary with the run's id but not as its end", async () => {
      const session = b.newSession("async-commentary");
      const key = newKey("talk");
      codex.script(key, [{ say: "Looking around.", phase: "commentary" }, { ask: [{ title: "Go on?" }], itemId: `${key}-ask` }, { say: "Done looking." }]);
      const runId = await send(session, `look ${key}`);
      expect((await runEnd(b, c, runId)).payload).toMatchObject({ state: "final" });
      const saved = await until(b, async () => {
        const h = await historyOf(c, session);
        return h.some(isTerminal) ? h : undefined;
      }, "the run's final message");
      const commentary = saved.find((m) => textOf(m.content) === "Looking around.")!;
      expect(meta(commentary)).toMatchObject({ runId, mirrorOrigin: "codex-app-server" });
      expect(meta(commentary)["mirrorIdentity"]).toMatch(/^[^:]+:commentary:/);
      expect(isTerminal(commentary)).toBe(false);
      expect(saved.filter(isTerminal).map((m) => textOf(m.content))).toEqual(["Done looking."]);
    });

    it("steers a message sent while the asking run waits into that run, which ends once", async () => {
      const session = b.newSession("async-overlap");
      const first = newKey("first");
      const second = newKey("second");
      codex.script(first, [{ ask: [{ title: "First?" }], itemId: `${first}-ask` }, { waitFor: `${first}-go` }, { say: "First done." }]);
      codex.script(second, [{ say: "Second seen." }]);
      await subscribe(c, session);
      const runId = await send(session, `start ${first}`);
      await asyncRow(c, `${first}-ask`);
      const steered = await send(session, `also ${second}`);
      await eventOf(b, c, (e) => e.event === "session.message" && (e.payload as { message?: Msg }).message?.content === `also ${second}`, "the steered message");
      codex.release(`${first}-go`);
      await runEnd(b, c, runId);
      const saved = await until(b, async () => {
        const h = await historyOf(c, session);
        return h.some(isTerminal) ? h : undefined;
      }, "the run's end");
      // One run, one end: the steered message is the person's row inside it, and the end names the asking run.
      const ends = saved.filter(isTerminal);
      expect(ends).toHaveLength(1);
      expect(meta(ends[0]!)["runId"]).toBe(runId);
      const rows = saved.map((m) => (isAsync(m) ? "asked" : m.idempotencyKey === `${steered}:user` ? "steered" : isTerminal(m) ? "end" : m.role));
      expect(rows).toEqual(["user", "asked", "steered", "end"]);
      expect(textOf(ends[0]!.content)).toContain("First done.");
    });

    it("takes an answer as an ordinary chat message with replyToId, saves it once, and a retry with the same key adds nothing", async () => {
      const session = b.newSession("async-answer");
      const key = newKey("answer");
      codex.script(key, [{ ask: [{ title: "Where to deploy?", options: ["Staging", "Production"] }], itemId: `${key}-ask` }, { say: "Asked." }]);
      await subscribe(c, session);
      const runId = await send(session, `deploy ${key}`);
      const row = await asyncRow(c, `${key}-ask`);
      await runEnd(b, c, runId);
      const answer = "> Where to deploy?\n\nProduction";
      const answerKey = `answer-${randomUUID().slice(0, 8)}`;
      const replyToId = String(meta(row.message)["id"]);
      const sent = { sessionKey: session, message: answer, idempotencyKey: answerKey, replyToId };
      expect(await c.request("chat.send", sent)).toMatchObject({ runId: answerKey });
      await runEnd(b, c, answerKey);
      await c.request("chat.send", sent);
      const saved = await until(b, async () => {
        const h = await historyOf(c, session);
        return h.filter(isTerminal).length === 2 ? h : undefined;
      }, "the answer's run");
      const answers = saved.filter((m) => m.role === "user" && m.content === answer);
      expect(answers).toHaveLength(1);
      expect(answers[0]!.idempotencyKey).toBe(`${answerKey}:user`);
    });

    restartIt("keeps an async question across a restart, and a run the restart cut off is recovered to a later successful end", async () => {
      const session = b.newSession("async-restart");
      const key = newKey("recover");
      codex.script(key, [{ ask: [{ title: "Keep going?" }], itemId: `${key}-ask` }, { waitFor: `${key}-go` }, { say: "Recovered and done." }]);
      await subscribe(c, session);
      const runId = await send(session, `work ${key}`);
      await asyncRow(c, `${key}-ask`);
      const before = (await historyOf(c, session)).map((m) => meta(m)["id"]);
      if (!codex.restart) throw new Error(`the ${b.name} backend's Codex gateway cannot restart`);
      await codex.restart();
      const after = await b.connect();
      // The recovered run plays the same script from the start and waits again; once let go, it ends well.
      codex.release(`${key}-go`);
      try {
        const recovered = await until(b, async () => {
          const h = await historyOf(after, session);
          return h.some(isTerminal) ? h : undefined;
        }, "the recovered run's end");
        const ids = recovered.map((m) => meta(m)["id"]);
        // Restarting keeps what was saved, in order; recovery adds a notice and the recovered run after it.
        expect(ids.slice(0, before.length)).toEqual(before);
        const notice = recovered.findIndex((m) => m.role === "user" && textOf(m.content).includes("interrupted by a gateway restart"));
        const end = recovered.findIndex(isTerminal);
        expect(notice).toBeGreaterThanOrEqual(before.length);
        expect(end).toBeGreaterThan(notice);
        expect(textOf(recovered[end]!.content)).toBe("Recovered and done.");
        expect(meta(recovered[end]!)["runId"]).not.toBe(runId);
      } catch (error) {
        const log = codex.recoveryLog?.();
        throw log ? new Error(`${errorMessage(error)}\n--- the Codex gateway's log on recovery ---\n${log}`, { cause: error }) : error;
      } finally {
        await after.close();
      }
    });
  });
}
