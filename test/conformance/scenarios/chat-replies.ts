// A chat message sent while an agent run's question waits (openclaw 2026.9.6 claims it as the answer), on both
// gateways: from a connection with the run creator's caller policy (scopes, caps, client; any device) it is the
// answer, read by number, label, own text or a comma list; from one with another policy it is refused in a `chat`
// error, as is a reply that leaves a question unanswered.
import { describe, expect, it } from "vitest";
import type { RawClient } from "../../gateway/raw-client";
import { SCENARIO_TIMEOUT_MS, type AgentQuestion, type ConformanceBackend } from "../backend";
import { beforeScenarios, chatEvent, getRecord, historyOf, resolvedEvent, runEnd, startAsking, userTexts } from "../support";

const DEPLOY: AgentQuestion = { id: "target", header: "Deploy", question: "Where should this deploy?", options: [{ label: "Staging" }, { label: "Production" }] };
const REGIONS: AgentQuestion = { id: "regions", header: "Regions", question: "Which regions?", options: [{ label: "EU" }, { label: "US" }, { label: "Asia" }], multiSelect: true };

const NOT_CREATOR = "The answer was not sent: question answer caller policy does not match its creator. Use the question controls in the Control UI, or check the active run and your permissions before retrying.";

/** The chat-reply scenarios. */
export function chatReplyScenarios(backend: () => ConformanceBackend): void {
  describe("a chat reply while an agent run waits", { timeout: SCENARIO_TIMEOUT_MS }, () => {
    let b: ConformanceBackend;
    let creator: RawClient;
    beforeScenarios(backend, (x, y) => ((b = x), (creator = y)));

    it.each([
      ["a number", [DEPLOY], "2", { target: ["Production"] }],
      ["a label in another case", [DEPLOY], "staging", { target: ["Staging"] }],
      ["own text", [DEPLOY], "Mars", { target: ["Mars"] }],
      ["a comma list for a multi-select question", [REGIONS], "1, asia", { regions: ["EU", "Asia"] }],
    ] as const)("from the run's creator, %s is the answer (plain-text), saved in history; the run goes on", async (label, questions, reply, answers) => {
      const session = b.newSession("claim");
      const { runId, record } = await startAsking(b, creator, session, `claim-${label.split(" ")[1]}`, [...questions], "Going on.");
      const key = `reply-${runId}`;
      expect(await creator.request("chat.send", { sessionKey: session, message: reply, idempotencyKey: key })).toMatchObject({ runId: key, status: "started" });
      // The verdict is an empty final under the reply's key; no run of its own starts.
      expect((await chatEvent(b, creator, key, "final")).payload).toEqual({ runId: key, sessionKey: session, seq: 1, state: "final" });
      expect(await resolvedEvent(b, creator, record.id)).toEqual({ id: record.id, status: "answered", answers: { answers } });
      expect(await getRecord(creator, record.id)).toMatchObject({ status: "answered", resolvedBy: "plain-text", answers: { answers } });
      expect((await runEnd(b, creator, runId)).payload).toMatchObject({ state: "final" });
      const saved = (await historyOf(creator, session)).find((m) => m.idempotencyKey === `${key}:user`);
      expect(saved).toMatchObject({ role: "user", content: reply });
      // The same key again is the same message: nothing is added (the run that asked has ended, so it reads as done).
      expect(await creator.request("chat.send", { sessionKey: session, message: reply, idempotencyKey: key })).toMatchObject({ runId: key, status: "ok" });
      expect((await userTexts(creator, session)).filter((t) => t === reply)).toHaveLength(1);
    });

    it("from another device with the same scopes and caps, is the creator's: the policy counts, not the device", async () => {
      const session = b.newSession("claim-same-policy");
      const { record } = await startAsking(b, creator, session, "same-policy", [DEPLOY]);
      const twin = await b.connect();
      try {
        await twin.request("chat.send", { sessionKey: session, message: "2", idempotencyKey: `twin-${record.id}` });
        expect(await resolvedEvent(b, twin, record.id)).toMatchObject({ status: "answered", answers: { answers: { target: ["Production"] } } });
      } finally {
        await twin.close();
      }
    });

    it("from the same device after a reconnect, is still the creator's", async () => {
      const session = b.newSession("claim-reconnect");
      const first = await b.connect();
      const { record } = await startAsking(b, first, session, "reconnect", [DEPLOY]);
      const identity = first.identity;
      await first.close();
      const again = await b.connect({ identity });
      try {
        await again.request("chat.send", { sessionKey: session, message: "1", idempotencyKey: `reply-${record.id}` });
        expect(await resolvedEvent(b, again, record.id)).toMatchObject({ status: "answered", answers: { answers: { target: ["Staging"] } } });
      } finally {
        await again.close();
      }
    });

    it("from a connection with other caps is refused in a chat error; the message is saved and the question still waits", async () => {
      const session = b.newSession("claim-other");
      const { runId, record } = await startAsking(b, creator, session, "other", [DEPLOY]);
      // The kit's own client asks for tool events; the creator here did not, so its policy differs.
      const other = await b.connect({ caps: ["tool-events"] });
      try {
        const key = `other-${runId}`;
        expect(await other.request("chat.send", { sessionKey: session, message: "2", idempotencyKey: key })).toMatchObject({ runId: key, status: "started" });
        expect((await chatEvent(b, other, key, "error")).payload).toEqual({ runId: key, sessionKey: session, seq: 1, state: "error", errorMessage: NOT_CREATOR });
        expect((await getRecord(other, record.id)).status).toBe("pending");
        expect(await userTexts(other, session)).toContain("2");
        // The creator's own reply still answers it; the run, whose transcript changed under it, then fails.
        await creator.request("chat.send", { sessionKey: session, message: "1", idempotencyKey: `mine-${runId}` });
        expect(await resolvedEvent(b, creator, record.id)).toMatchObject({ status: "answered", answers: { answers: { target: ["Staging"] } } });
        expect((await runEnd(b, creator, runId)).payload).toMatchObject({ state: "error" });
      } finally {
        await other.close();
      }
    });

    it("that leaves a question unanswered is refused in a chat error with the gateway's reason", async () => {
      const session = b.newSession("claim-missing");
      const { runId, record } = await startAsking(b, creator, session, "missing", [DEPLOY, REGIONS]);
      const key = `half-${runId}`;
      await creator.request("chat.send", { sessionKey: session, message: "2", idempotencyKey: key });
      const error = (await chatEvent(b, creator, key, "error")).payload as { errorMessage: string };
      expect(error.errorMessage).toBe("The answer was not accepted: question 'regions' requires an answer. The question is still open, so reply again and answer every question by number or question id.");
      expect((await getRecord(creator, record.id)).status).toBe("pending");
      // Keyed lines answer both.
      await creator.request("chat.send", { sessionKey: session, message: "Deploy: 2\nregions: EU, US", idempotencyKey: `full-${runId}` });
      expect(await resolvedEvent(b, creator, record.id)).toMatchObject({ status: "answered", answers: { answers: { target: ["Production"], regions: ["EU", "US"] } } });
    });
  });
}
