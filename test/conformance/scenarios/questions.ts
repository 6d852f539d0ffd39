// question.request, list, get and resolve, with every terminal state and every refusal, on both gateways.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RawClient } from "../../gateway/raw-client";
import { SCENARIO_TIMEOUT_MS, type ConformanceBackend } from "../backend";
import { beforeScenarios, chatEvent, eventOf, getRecord, refusalOf, resolvedEvent, type Rec } from "../support";

const TARGET = { questionId: "target", header: "Deploy", question: "Where should this deploy?", options: [{ label: "Staging" }, { label: "Production" }] };
const FREE = { questionId: "note", header: "Note", question: "Anything else?", options: [], isOther: true };
const choices = (count: number) => Array.from({ length: count }, (_, i) => ({ label: `Choice ${i + 1}` }));
// Fields and counts the release after 2026.9.6 takes (OpenClaw's source), with the words 2026.9.6 refuses each in.
// The simulated gateway takes them too when told to (`questionSchema: "next"`); by default it must refuse them alike.
const NEXT_RELEASE_ONLY: Array<[string, Record<string, unknown>, string]> = [
  ["ten options", { options: choices(10) }, "at /questions/0/options: must not have more than 4 items"],
  ["64 options", { options: choices(64) }, "at /questions/0/options: must not have more than 4 items"],
  ["an option value", { options: [{ label: "Staging", value: "stg" }, { label: "Production" }] }, "at /questions/0/options/0: unexpected property 'value'"],
  ["an option thumbnail", { options: [{ label: "Staging", thumbnail: "https://example.com/s.png" }, { label: "Production" }] }, "at /questions/0/options/0: unexpected property 'thumbnail'"],
  ["an option resourceUri", { options: [{ label: "Staging", resourceUri: "file:///s" }, { label: "Production" }] }, "at /questions/0/options/0: unexpected property 'resourceUri'"],
  ["an option preview", { options: [{ label: "Staging", preview: "Staging" }, { label: "Production" }] }, "at /questions/0/options/0: unexpected property 'preview'"],
  ["allowEmpty", { allowEmpty: true }, "at /questions/0: unexpected property 'allowEmpty'"],
  ["defaultAnswers", { defaultAnswers: ["Staging"] }, "at /questions/0: unexpected property 'defaultAnswers'"],
  ["presentation form", { presentation: "form" }, "at /questions/0: unexpected property 'presentation'"],
  ["answerFormat lines", { answerFormat: "lines" }, "at /questions/0: unexpected property 'answerFormat'"],
  ["a resource", { resource: { kind: "file" } }, "at /questions/0: unexpected property 'resource'"],
];

/** The question-record scenarios. */
export function questionScenarios(backend: () => ConformanceBackend): void {
  describe("question.request, list, get and resolve", { timeout: SCENARIO_TIMEOUT_MS }, () => {
    let b: ConformanceBackend;
    let admin: RawClient;
    let session: string;
    const ask = async (extra: Record<string, unknown> = {}) => {
      const id = `q_${randomUUID().slice(0, 8)}`;
      const res = await admin.request<{ id: string; expiresAtMs: number }>("question.request", { id, sessionKey: session, timeoutMs: 120_000, questions: [TARGET], ...extra });
      const requested = await eventOf(b, admin, (e) => e.event === "question.requested" && (e.payload as { id?: string }).id === id);
      return { res, record: requested.payload as Rec };
    };

    beforeScenarios(backend, (x, y) => ((b = x), (admin = y), (session = x.newSession("questions"))));

    it("announces the full record, lists it as pending and gets it by id", async () => {
      const { res, record } = await ask();
      expect(res).toEqual({ id: record.id, expiresAtMs: record["expiresAtMs"] });
      expect(Object.keys(record).sort()).toEqual(["agentId", "createdAtMs", "expiresAtMs", "id", "questions", "sessionKey", "status"]);
      expect(record).toMatchObject({ status: "pending", sessionKey: session, agentId: "main", questions: [TARGET] });
      const listed = (await admin.request<{ questions: Rec[] }>("question.list", {})).questions;
      expect(listed.find((q) => q.id === record.id)).toEqual(record);
      expect(await getRecord(admin, record.id)).toEqual(record);
    });

    it("answers: the reply and the event carry the answers, the record also who answered", async () => {
      const { record } = await ask();
      const answers = { answers: { target: ["Production"] } };
      expect(await admin.request("question.resolve", { id: record.id, answers, resolvedBy: "control-ui:conformance" })).toEqual({ status: "answered", answers });
      expect(await resolvedEvent(b, admin, record.id)).toEqual({ id: record.id, status: "answered", answers });
      expect(await getRecord(admin, record.id)).toEqual({ ...record, status: "answered", answers, resolvedBy: "control-ui:conformance" });
      const listed = (await admin.request<{ questions: Rec[] }>("question.list", {})).questions;
      expect(listed.some((q) => q.id === record.id)).toBe(false);
    });

    it("cancels: the event says only cancelled; the record keeps who cancelled", async () => {
      const { record } = await ask();
      expect(await admin.request("question.resolve", { id: record.id, cancel: true, resolvedBy: "control-ui:conformance" })).toEqual({ status: "cancelled" });
      expect(await resolvedEvent(b, admin, record.id)).toEqual({ id: record.id, status: "cancelled" });
      expect(await getRecord(admin, record.id)).toEqual({ ...record, status: "cancelled", resolvedBy: "control-ui:conformance" });
    });

    it("expires: the event says expired and the record names nobody", async () => {
      const { record } = await ask({ timeoutMs: 1000 });
      expect(await resolvedEvent(b, admin, record.id)).toEqual({ id: record.id, status: "expired" });
      const ended = await getRecord(admin, record.id);
      expect(ended).toEqual({ ...record, status: "expired" });
    });

    it("refuses with the reasons the kit reads", async () => {
      const { record } = await ask();
      expect(await refusalOf(getRecord(admin, "q_never_asked"))).toMatchObject({ code: "INVALID_REQUEST", reason: "QUESTION_NOT_FOUND" });
      expect(await refusalOf(admin.request("question.request", { id: record.id, sessionKey: session, questions: [TARGET] }))).toMatchObject({ code: "INVALID_REQUEST", reason: "QUESTION_ID_IN_USE" });
      const two = await refusalOf(admin.request("question.resolve", { id: record.id, answers: { answers: { target: ["Staging", "Production"] } } }));
      expect(two).toMatchObject({ code: "INVALID_REQUEST", reason: "QUESTION_INVALID_ANSWER" });
      expect(two.message).toContain("does not allow multiple answers");
      // Own text needs isOther, which a question.request question only has when asked for.
      const own = await refusalOf(admin.request("question.resolve", { id: record.id, answers: { answers: { target: ["Mars"] } } }));
      expect(own).toMatchObject({ code: "INVALID_REQUEST", reason: "QUESTION_INVALID_ANSWER" });
      expect(own.message).toContain("unknown option");
      await admin.request("question.resolve", { id: record.id, cancel: true });
      expect(await refusalOf(admin.request("question.resolve", { id: record.id, cancel: true }))).toMatchObject({ code: "INVALID_REQUEST", reason: "QUESTION_ALREADY_TERMINAL" });
    });

    it.each(NEXT_RELEASE_ONLY)("refuses what only the next release takes at question.request: %s", async (_name, fields, words) => {
      const refused = await refusalOf(admin.request("question.request", { sessionKey: session, questions: [{ ...TARGET, ...fields }] }));
      expect(refused.code).toBe("INVALID_REQUEST");
      // The simulated gateway writes "must NOT have", as Ajv does; the real one "must not have".
      expect(refused.message.toLowerCase()).toContain(words.toLowerCase());
    });

    it("takes a question without options, with or without isOther, and own text as its answer", async () => {
      const { record } = await ask({ questions: [{ ...FREE, isOther: undefined }] });
      expect(record["questions"]).toEqual([{ questionId: "note", header: "Note", question: "Anything else?", options: [] }]);
      const answers = { answers: { note: ["Ship it on Friday"] } };
      expect(await admin.request("question.resolve", { id: record.id, answers })).toEqual({ status: "answered", answers });
    });

    it("takes own text only where the question accepts it", async () => {
      const { record } = await ask({ questions: [FREE] });
      const answers = { answers: { note: ["Ship it on Friday"] } };
      expect(await admin.request("question.resolve", { id: record.id, answers })).toEqual({ status: "answered", answers });
    });

    it("does not take a chat message as the answer of a question no run asked", async () => {
      const { record } = await ask();
      const key = `chat-${randomUUID().slice(0, 8)}`;
      expect(await admin.request("chat.send", { sessionKey: session, message: "Production", idempotencyKey: key })).toMatchObject({ runId: key, status: "started" });
      // The message starts a run of its own, which ends; the question still waits.
      await chatEvent(b, admin, key, "final");
      expect((await getRecord(admin, record.id)).status).toBe("pending");
      await admin.request("question.resolve", { id: record.id, cancel: true });
    });
  });
}
