// ask_user through a real agent run (the mock model calls the deferred `tool_call` → `ask_user`), on both gateways:
// the record, the transcript, the run going on after the answer, and a run aborted while its question waits.
import { describe, expect, it } from "vitest";
import type { RawClient } from "../../gateway/raw-client";
import { SCENARIO_TIMEOUT_MS, type AgentQuestion, type ConformanceBackend } from "../backend";
import { beforeScenarios, chatEvent, getRecord, historyOf, resolvedEvent, runEnd, startAsking } from "../support";

const DEPLOY: AgentQuestion = { id: "target", header: "Deployment target", question: "Where should this deploy?", options: [{ label: "Staging" }, { label: "Production" }] };

const textOf = (content: unknown) => (Array.isArray(content) ? (content as Array<{ text?: string }>).map((p) => p.text ?? "").join("") : String(content));

/** The agent-run scenarios. */
export function agentRunScenarios(backend: () => ConformanceBackend): void {
  describe("ask_user in an agent run", { timeout: SCENARIO_TIMEOUT_MS }, () => {
    let b: ConformanceBackend;
    let c: RawClient;
    beforeScenarios(backend, (x, y) => ((b = x), (c = y)));

    it("asks with the run's id and free text allowed, keeps the call in the transcript, and goes on after the answer", async () => {
      const session = b.newSession("run-answer");
      const { runId, record } = await startAsking(b, c, session, "answer", [DEPLOY], "Deploying to production.");
      expect(record).toMatchObject({
        runId,
        sessionKey: session,
        agentId: "main",
        status: "pending",
        // The tool cuts the header to 12 characters and always allows own text.
        questions: [{ questionId: "target", header: "Deployment t", question: DEPLOY.question, options: DEPLOY.options, isOther: true }],
      });
      const asked = (await historyOf(c, session)).filter((m) => m.role === "assistant").at(-1)!;
      expect(asked["content"]).toEqual([{ type: "toolCall", id: expect.any(String), name: "tool_call", arguments: { id: "ask_user", args: { questions: [DEPLOY], timeoutSeconds: 120 } } }]);
      expect(asked.__openclaw?.["runId"]).toBe(runId);

      await c.request("question.resolve", { id: record.id, answers: { answers: { target: ["Production"] } } });
      const final = (await chatEvent(b, c, runId, "final")).payload as { message?: { content?: unknown } };
      expect(textOf(final.message?.content)).toBe("Deploying to production.");
      const roles = (await historyOf(c, session)).filter((m) => m.__openclaw?.["runId"] === runId || m.role === "custom").map((m) => m.role);
      expect(roles).toEqual(["assistant", "custom", "toolResult", "assistant"]);
    });

    it("cancels the question of a run aborted while it waits, as the run's end, and keeps only the call", async () => {
      const session = b.newSession("run-abort");
      const { runId, record } = await startAsking(b, c, session, "abort", [DEPLOY]);
      await c.request("chat.abort", { sessionKey: session, runId });
      expect((await runEnd(b, c, runId)).payload).toMatchObject({ state: "aborted" });
      expect(await resolvedEvent(b, c, record.id)).toEqual({ id: record.id, status: "cancelled" });
      expect(await getRecord(c, record.id)).toMatchObject({ status: "cancelled", resolvedBy: "requester-inactive" });
      const ofRun = (await historyOf(c, session)).filter((m) => m.__openclaw?.["runId"] === runId || m.role === "custom");
      expect(ofRun.map((m) => m.role)).toEqual(["assistant"]);
    });
  });
}
