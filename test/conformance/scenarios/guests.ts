// A guest, on both gateways: a verified user profile that is not the gateway's owner, with operator.sessions.write
// only (docs/gateway-findings.md §7). It answers the questions of its own agent runs in a session it created, finds
// them again after reconnecting, and sees nothing else: not another guest's, not an operator's (administrative),
// not a sessionless one. It hears question events only, never a run's `chat` or `agent` events.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGatewayClient, type GatewayClient, type Transport, type TransportFactory } from "../../../src/gateway";
import { createQuestionDockStore } from "../../../src/store";
import type { RawClient, RawEvent } from "../../gateway/raw-client";
import { GUEST_SCOPES, GUESTS, SCENARIO_TIMEOUT_MS, type AgentQuestion, type ConformanceBackend } from "../backend";
import { getRecord, refusalOf, resolvedEvent, runEnd, startAsking, until, type Rec } from "../support";

const COLOR: AgentQuestion = { id: "color", header: "Color", question: "Which color should the banner be?", options: [{ label: "Red" }, { label: "Blue" }] };
const ADMIN_QUESTION = { questionId: "approve", header: "Approve", question: "Approve the release?", options: [{ label: "Yes" }, { label: "No" }] };

/** What a guest may hear on either gateway: ticks and health, its own question events, a session's metadata. */
// What a guest may hear. `update.available` is the gateway's own news of a newer OpenClaw release, sent to every
// connection once it has looked (seen on CI once a release newer than the pinned one was out): not a run's event.
const GUEST_EVENTS = ["tick", "health", "question.requested", "question.resolved", "chat.metadata.changed", "update.available"];
const isQuestionEvent = (e: RawEvent) => e.event === "question.requested" || e.event === "question.resolved";
const idOf = (e: RawEvent) => (e.payload as { id?: string } | undefined)?.id;

const NOT_FOUND = { code: "INVALID_REQUEST", reason: "QUESTION_NOT_FOUND" };
const OWN_SESSION = { code: "FORBIDDEN", message: expect.stringContaining("Session-scoped writes require your own session.") };

const listOf = async (c: RawClient) => (await c.request<{ questions: Rec[] }>("question.list", {})).questions;

/**
 * A transport that the test can take offline: the live socket is closed and new ones fail at once, as a network
 * outage would, until it is back.
 */
function switchable(factory: TransportFactory) {
  let offline = false;
  const live = new Set<Transport>();
  const transport: TransportFactory = (url, handlers) => {
    if (offline) {
      queueMicrotask(() => handlers.onClose({ code: 1006, reason: "offline" }));
      return { send: () => {}, close: () => {} };
    }
    const opened: { transport?: Transport } = {};
    opened.transport = factory(url, {
      ...handlers,
      onClose: (info) => {
        if (opened.transport) live.delete(opened.transport);
        handlers.onClose(info);
      },
    });
    live.add(opened.transport);
    return opened.transport;
  };
  return {
    transport,
    goOffline() {
      offline = true;
      for (const t of [...live]) t.close(4000, "network down (test)");
      live.clear();
    },
    goOnline() {
      offline = false;
    },
  };
}

/** The guest scenarios; the backend must have guests (`connectGuest`, `kitGuest`). */
export function guestScenarios(backend: () => ConformanceBackend): void {
  describe("a guest with operator.sessions.write (a verified profile, not the owner)", { timeout: SCENARIO_TIMEOUT_MS }, () => {
    let b: ConformanceBackend;
    let admin: RawClient;
    let ada: RawClient;
    let bo: RawClient;
    const guest = (profile: string, opts?: Parameters<NonNullable<ConformanceBackend["connectGuest"]>>[1]) => {
      if (!b.connectGuest) throw new Error(`the ${b.name} backend has no guests`);
      return b.connectGuest(profile, opts);
    };

    beforeAll(async () => {
      b = backend();
      admin = await b.connect();
      ada = await guest(GUESTS.ada);
      bo = await guest(GUESTS.bo);
    }, SCENARIO_TIMEOUT_MS);
    afterAll(async () => {
      await Promise.all([admin, ada, bo].map((c) => c?.close()));
    });

    it("is granted operator.sessions.write only", () => {
      for (const c of [ada, bo]) expect(c.hello.auth).toMatchObject({ role: "operator", scopes: GUEST_SCOPES });
      expect(ada.hello.auth?.deviceToken).toBeUndefined();
    });

    it("answers its own run's question in a session it created; another guest may not write there; the run goes on", async () => {
      const session = b.newSession("guest-own");
      const { runId, record } = await startAsking(b, ada, session, "guest-own", [COLOR], "Painting it blue.");
      expect(record).toMatchObject({ runId, sessionKey: session, status: "pending", questions: [expect.objectContaining({ questionId: "color" })] });
      expect((await listOf(ada)).filter((q) => q.sessionKey === session)).toEqual([record]);
      expect(await getRecord(ada, record.id)).toEqual(record);

      // The session is ada's: bo may neither send nor stop a run there.
      expect(await refusalOf(bo.request("chat.send", { sessionKey: session, message: "Red", idempotencyKey: `bo-${runId}` }))).toMatchObject(OWN_SESSION);
      expect(await refusalOf(bo.request("chat.abort", { sessionKey: session, runId }))).toMatchObject(OWN_SESSION);

      const answers = { answers: { color: ["Blue"] } };
      expect(await ada.request("question.resolve", { id: record.id, answers, resolvedBy: "control-ui:guest" })).toEqual({ status: "answered", answers });
      expect(await resolvedEvent(b, ada, record.id)).toEqual({ id: record.id, status: "answered", answers });
      expect(await getRecord(admin, record.id)).toMatchObject({ status: "answered", answers, resolvedBy: "control-ui:guest" });
      // The owner watches the run finish; the guest hears none of it (below).
      expect((await runEnd(b, admin, runId)).payload).toMatchObject({ state: "final" });
    });

    it("hears no chat or agent events, not even of its own runs: only question events (and ticks, health, metadata)", async () => {
      const session = b.newSession("guest-events");
      const { runId, record } = await startAsking(b, ada, session, "guest-events", [COLOR], "Done.");
      await ada.request("question.resolve", { id: record.id, answers: { answers: { color: ["Red"] } } });
      await runEnd(b, admin, runId);
      // A round trip after the run's end: anything broadcast to the guest before it has arrived.
      await listOf(ada);
      const heard = ada.events.map((e) => e.event);
      expect(heard).toEqual(expect.arrayContaining(["question.requested", "question.resolved"]));
      expect(heard.filter((e) => !GUEST_EVENTS.includes(e))).toEqual([]);
      expect(admin.events.some((e) => e.event === "chat" && (e.payload as { runId?: string }).runId === runId)).toBe(true);
      expect(admin.events.some((e) => e.event === "agent" && (e.payload as { runId?: string }).runId === runId)).toBe(true);
    });

    it("finds its pending question again after reconnecting as the same device, and answers it then", async () => {
      const session = b.newSession("guest-reconnect");
      const first = await guest(GUESTS.ada);
      const { record } = await startAsking(b, first, session, "guest-reconnect", [COLOR]);
      const identity = first.identity;
      await first.close();
      const again = await guest(GUESTS.ada, { identity });
      try {
        expect((await listOf(again)).filter((q) => q.sessionKey === session)).toEqual([record]);
        expect(await again.request("question.resolve", { id: record.id, answers: { answers: { color: ["Red"] } } })).toMatchObject({ status: "answered" });
      } finally {
        await again.close();
      }
    });

    it("another guest sees none of it: an empty list, not found for get and resolve, no events; the question still waits", async () => {
      const session = b.newSession("guest-private");
      const { record } = await startAsking(b, ada, session, "guest-private", [COLOR]);
      expect(await listOf(bo)).toEqual([]);
      expect(await refusalOf(getRecord(bo, record.id))).toMatchObject(NOT_FOUND);
      expect(await refusalOf(bo.request("question.resolve", { id: record.id, answers: { answers: { color: ["Red"] } } }))).toMatchObject(NOT_FOUND);
      expect(await refusalOf(bo.request("question.resolve", { id: record.id, cancel: true }))).toMatchObject(NOT_FOUND);
      expect(bo.events.filter(isQuestionEvent)).toEqual([]);
      expect((await getRecord(admin, record.id)).status).toBe("pending");
      await ada.request("question.resolve", { id: record.id, cancel: true });
    });

    it("another guest can read the session's transcript (shared by default), with the agent's ask_user call in it", async () => {
      // Not the record: only what the transcript holds. See docs/gateway-findings.md §7.
      const session = b.newSession("guest-transcript");
      const { record } = await startAsking(b, ada, session, "guest-transcript", [COLOR]);
      const messages = (await bo.request<{ messages: Array<{ role: string; content?: unknown }> }>("chat.history", { sessionKey: session })).messages;
      expect(JSON.stringify(messages.filter((m) => m.role === "assistant"))).toContain(COLOR.question);
      expect(await refusalOf(getRecord(bo, record.id))).toMatchObject(NOT_FOUND);
      await ada.request("question.resolve", { id: record.id, cancel: true });
    });

    it("does not see an operator's question in its own session (administrative) nor a sessionless one", async () => {
      const session = b.newSession("guest-hidden");
      // Its own question first, so the session is ada's and the positive case is in the same list.
      const { record: own } = await startAsking(b, ada, session, "guest-hidden", [COLOR]);
      const inSession = await admin.request<{ id: string }>("question.request", { sessionKey: session, timeoutMs: 600_000, questions: [ADMIN_QUESTION] });
      const sessionless = await admin.request<{ id: string }>("question.request", { timeoutMs: 600_000, questions: [ADMIN_QUESTION] });
      const hidden = [inSession.id, sessionless.id];
      try {
        const listed = (await listOf(ada)).map((q) => q.id);
        expect(listed).toContain(own.id);
        for (const id of hidden) {
          expect(listed).not.toContain(id);
          expect(await refusalOf(getRecord(ada, id))).toMatchObject(NOT_FOUND);
          expect(await refusalOf(ada.request("question.resolve", { id, answers: { answers: { approve: ["Yes"] } } }))).toMatchObject(NOT_FOUND);
        }
        // The list's round trip came after the operator's requests, so their events would be here by now.
        expect(ada.events.filter((e) => isQuestionEvent(e) && hidden.includes(idOf(e) ?? ""))).toEqual([]);
        const adminList = (await listOf(admin)).map((q) => q.id);
        expect(adminList).toEqual(expect.arrayContaining([own.id, ...hidden]));
        for (const id of hidden) expect((await getRecord(admin, id)).status).toBe("pending");
      } finally {
        for (const id of hidden) await admin.request("question.resolve", { id, cancel: true });
        await ada.request("question.resolve", { id: own.id, cancel: true });
      }
    });

    it("meets no secret question: an operator cannot create one here (isSecret is not supported yet; a secret store needs the agent runtime)", async () => {
      const session = b.newSession("guest-secret");
      const secret = { questionId: "key", header: "Key", question: "Paste the deploy key", options: [], isSecret: true };
      const plain = await refusalOf(admin.request("question.request", { sessionKey: session, questions: [secret] }));
      expect(plain).toMatchObject({ code: "INVALID_REQUEST" });
      expect(plain.message).toContain("question 'key': secret questions are not supported yet");
      const stored = await refusalOf(admin.request("question.request", { sessionKey: session, questions: [{ ...secret, secretStore: { kind: "secret", name: "DEPLOY_KEY" } }] }));
      expect(stored).toMatchObject({ code: "INVALID_REQUEST" });
      expect(stored.message).toContain("secret store questions require trusted agent runtime authority");
    });

    it("may not create questions itself", async () => {
      const session = b.newSession("guest-create");
      const refused = await refusalOf(ada.request("question.request", { sessionKey: session, questions: [ADMIN_QUESTION] }));
      expect(refused).toMatchObject({ code: "INVALID_REQUEST" });
      expect(refused.message).toContain("question creation requires trusted agent runtime authority");
    });

    it("the kit's store, as the guest, restores its own question after a reconnect and shows none of the operator's", async () => {
      if (!b.kitGuest) throw new Error(`the ${b.name} backend has no guests`);
      const session = b.newSession("guest-kit");
      // The guest's first message makes the session its own.
      const hello = `hello ${session}`;
      await b.scriptReply(hello, "Hello.");
      await ada.request("chat.send", { sessionKey: session, message: hello, idempotencyKey: `hello-${session}` });
      await runEnd(b, admin, `hello-${session}`);

      const net = switchable(b.kitGuest(GUESTS.ada).transport);
      const client: GatewayClient = createGatewayClient({ ...b.kitGuest(GUESTS.ada), transport: net.transport, scopes: GUEST_SCOPES, backoff: { baseMs: 50, maxMs: 500 } });
      const store = createQuestionDockStore({ client, sessionKey: session, typingGraceMs: 0 });
      const stores = [store];
      const hidden: string[] = [];
      let own: Rec | undefined;
      try {
        client.start();
        await until(b, () => client.getConnection().state === "connected", "the kit's connection");
        expect(client.getConnection().hello?.scopes).toEqual(GUEST_SCOPES);

        // Asked while the kit is connected: neither its events nor its lists may bring these.
        for (const params of [{ sessionKey: session }, {}]) {
          hidden.push((await admin.request<{ id: string }>("question.request", { ...params, timeoutMs: 600_000, questions: [ADMIN_QUESTION] })).id);
        }
        await client.request("question.list", {});

        net.goOffline();
        await until(b, () => client.getConnection().state !== "connected", "the kit's disconnection");
        // The agent asks while the kit is away; only its recovery on reconnecting can bring the question.
        own = (await startAsking(b, ada, session, "guest-kit", [COLOR])).record;
        net.goOnline();
        const ownId = own.id;
        await until(b, () => store.getState().records.get(ownId), "the guest's question in the kit's store after the reconnect");
        expect([...store.getState().order]).toEqual([ownId]);
        expect(store.getState().permission.notices).toEqual([]);

        // A dock made now (a remount, another tab's store) shows the same.
        const remounted = createQuestionDockStore({ client, sessionKey: session, typingGraceMs: 0 });
        stores.push(remounted);
        await until(b, () => remounted.getState().records.get(ownId), "the guest's question in a remounted store");
        expect([...remounted.getState().order]).toEqual([ownId]);
        for (const s of stores) for (const id of hidden) expect(s.getState().records.get(id)).toBeUndefined();
      } finally {
        for (const s of stores) s.getState().actions.dispose();
        client.stop();
        for (const id of hidden) await admin.request("question.resolve", { id, cancel: true });
        if (own) await ada.request("question.resolve", { id: own.id, cancel: true });
      }
    });
  });
}
