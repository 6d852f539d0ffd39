// chat.send idempotency, the order of events around a question, and a reply with an image, on both gateways.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RawClient, RawEvent } from "../../gateway/raw-client";
import { SCENARIO_TIMEOUT_MS, type AgentQuestion, type ConformanceBackend } from "../backend";
import { beforeScenarios, chatEvent, getRecord, resolvedEvent, runEnd, startAsking, until, userTexts } from "../support";

const COLOR: AgentQuestion = { id: "color", header: "Color", question: "Which color?", options: [{ label: "Red" }, { label: "Blue" }] };
// A 1×1 PNG.
const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** The chat.send scenarios. */
export function chatSendScenarios(backend: () => ConformanceBackend): void {
  describe("chat.send", { timeout: SCENARIO_TIMEOUT_MS }, () => {
    let b: ConformanceBackend;
    let c: RawClient;
    beforeScenarios(backend, (x, y) => ((b = x), (c = y)));

    it("takes the same idempotency key as the same message: one run, one saved message", async () => {
      const session = b.newSession("idempotent");
      const key = `send-${randomUUID().slice(0, 8)}`;
      const message = `hello ${key}`;
      await b.scriptReply(message, "Hello back.");
      expect(await c.request("chat.send", { sessionKey: session, message, idempotencyKey: key })).toMatchObject({ runId: key, status: "started" });
      const again = await c.request<{ runId: string; status: string }>("chat.send", { sessionKey: session, message, idempotencyKey: key });
      expect(again.runId).toBe(key);
      expect(["in_flight", "ok"]).toContain(again.status);
      await chatEvent(b, c, key, "final");
      expect(await c.request("chat.send", { sessionKey: session, message, idempotencyKey: key })).toMatchObject({ runId: key, status: "ok" });
      expect((await userTexts(c, session)).filter((t) => t === message)).toHaveLength(1);
    });

    it("announces a run's question before the run ends, and its end before the run's final", async () => {
      const session = b.newSession("order");
      const { runId, record } = await startAsking(b, c, session, "order", [COLOR]);
      await c.request("question.resolve", { id: record.id, answers: { answers: { color: ["Blue"] } } });
      await runEnd(b, c, runId);
      const mine = (e: RawEvent) =>
        ((e.event === "question.requested" || e.event === "question.resolved") && (e.payload as { id?: string }).id === record.id) ||
        (e.event === "chat" && (e.payload as { runId?: string }).runId === runId && (e.payload as { state?: string }).state === "final");
      expect(c.events.filter(mine).map((e) => e.event)).toEqual(["question.requested", "question.resolved", "chat"]);
    });

    it("sets a waiting question aside when the reply carries an image (image-reply)", async () => {
      const session = b.newSession("image");
      const { record } = await startAsking(b, c, session, "image", [COLOR]);
      await c.request("chat.send", {
        sessionKey: session,
        message: "Here is a picture instead.",
        idempotencyKey: `image-${record.id}`,
        attachments: [{ type: "image", mimeType: "image/png", fileName: "pixel.png", content: PIXEL }],
      });
      expect(await resolvedEvent(b, c, record.id)).toEqual({ id: record.id, status: "cancelled" });
      expect(await until(b, async () => (await getRecord(c, record.id)).resolvedBy, "the record's resolvedBy")).toBe("image-reply");
    });
  });
}
