// A gateway restart, on both gateways: pending questions are gone (a new boot knows none of their ids), the
// transcript stays, and a client meets a new bootId.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SCENARIO_TIMEOUT_MS, type ConformanceBackend } from "../backend";
import { historyOf, refusalOf } from "../support";

/** The restart scenarios; the backend must be able to restart. */
export function restartScenarios(backend: () => ConformanceBackend): void {
  describe("a gateway restart", { timeout: SCENARIO_TIMEOUT_MS }, () => {
    it("forgets pending questions, keeps the transcript and changes the bootId", async () => {
      const b = backend();
      const session = b.newSession("restart");
      const before = await b.connect();
      const id = `q_${randomUUID().slice(0, 8)}`;
      await before.request("question.request", { id, sessionKey: session, timeoutMs: 600_000, questions: [{ questionId: "go", header: "Go", question: "Go ahead?", options: [{ label: "Yes" }, { label: "No" }] }] });
      const key = `kept-${id}`;
      await b.scriptReply(`kept ${key}`, "Kept.");
      await before.request("chat.send", { sessionKey: session, message: `kept ${key}`, idempotencyKey: key });
      await before.waitForEvent((e) => e.event === "chat" && (e.payload as { runId?: string; state?: string }).runId === key && (e.payload as { state?: string }).state === "final", b.waitMs);
      const bootId = before.hello.server?.bootId;
      await b.restart!();
      const after = await b.connect();
      try {
        expect(after.hello.server?.bootId).not.toBe(bootId);
        expect((await after.request<{ questions: Array<{ id: string }> }>("question.list", {})).questions.map((q) => q.id)).not.toContain(id);
        expect(await refusalOf(after.request("question.get", { id }))).toMatchObject({ code: "INVALID_REQUEST", reason: "QUESTION_NOT_FOUND" });
        expect((await historyOf(after, session)).some((m) => m.idempotencyKey === `${key}:user`)).toBe(true);
      } finally {
        await after.close();
        await before.close();
      }
    });
  });
}
