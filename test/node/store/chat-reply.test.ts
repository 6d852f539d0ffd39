// A chat reply that answers an agent run's waiting question (the gateway takes the creator's message as the answer,
// resolvedBy "plain-text"): the store sends it, follows the gateway's verdict and names the outcome as this page's
// own, never as someone else's. On the simulated gateway, whose claim rule the conformance suite checks against the
// real one.
import { afterEach, describe, expect, it } from "vitest";
import { createGatewayClient } from "../../../src/gateway";
import { createScriptedDock, storeReaches, type ScriptedDock, type SimAgentTurn } from "../../../src/simulated";
import { openStore } from "../../../src/store";
import { chatRepliesFeature } from "../../../src/store/opt-in/chat-replies";

const DEPLOY = { id: "target", header: "Deploy", question: "Where should this deploy?", options: [{ label: "Staging" }, { label: "Production" }] };
const REGIONS = { id: "regions", header: "Regions", question: "Which regions?", options: [{ label: "EU" }, { label: "US" }], multiSelect: true };

let dock: ScriptedDock;
const others: Array<() => void> = [];
afterEach(() => {
  others.splice(0).forEach((stop) => stop());
  dock?.dispose();
});

// The agent asks on any message that says "ask", and replies "Going on." once the question ends.
async function askingDock(questions = [DEPLOY]): Promise<string> {
  const reply = (message: string): SimAgentTurn => (message.startsWith("ask") ? { askUser: { questions }, then: "Going on." } : "Noted.");
  dock = createScriptedDock({ sim: { reply, replyStepMs: 1, tickIntervalMs: 0 }, store: { typingGraceMs: 0 } });
  await dock.connect();
  await dock.client.request("chat.send", { sessionKey: "main", message: "ask away", idempotencyKey: "run-1" });
  await storeReaches(dock.store, (s) => s.order.length === 1);
  return dock.state().order.at(0)!;
}

describe("replyInChat", () => {
  it("answers the question with the page's own message, and the summary says Answered with the parsed answer", async () => {
    const id = await askingDock();
    expect(dock.state().records.get(id)).toMatchObject({ runId: "run-1" });

    const result = await dock.actions().replyInChat(id, "2");

    expect(result).toEqual({ ok: true });
    await storeReaches(dock.store, (s) => s.outcomes.has(id));
    expect(dock.state().outcomes.get(id)).toMatchObject({ kind: "answered", answers: { answers: { target: ["Production"] } }, runId: "run-1" });
    expect(dock.gatewayRecord(id)).toMatchObject({ status: "answered", resolvedBy: "plain-text" });
    // The message itself is the person's reply in the transcript, as on the gateway.
    expect(dock.sim.history().filter((m) => m.role === "user").map((m) => m.content)).toEqual(["ask away", "2"]);
  });

  it("reads a comma list for a multi-select question as the gateway does", async () => {
    const id = await askingDock([REGIONS]);
    await dock.actions().replyInChat(id, "eu, 2");
    await storeReaches(dock.store, (s) => s.outcomes.has(id));
    expect(dock.state().outcomes.get(id)).toMatchObject({ kind: "answered", answers: { answers: { regions: ["EU", "US"] } } });
  });

  it("says who answered when another page's chat reply did: never this page", async () => {
    const id = await askingDock();
    // The creator is the device that started the run: this page. Another page of the same person sees the answer.
    const watcher = createGatewayClient({ url: "sim://other", token: "scripted", transport: dock.sim.transport });
    const store = openStore({ client: watcher, sessionKey: "main", resolverId: "control-ui:other-page" });
    others.push(() => (store.getState().actions.dispose(), watcher.stop()));
    watcher.start();
    await storeReaches(store, (s) => s.records.has(id));

    await dock.actions().replyInChat(id, "Staging");

    await storeReaches(store, (s) => s.outcomes.has(id));
    expect(store.getState().outcomes.get(id)).toMatchObject({ kind: "answered-in-chat", answers: { answers: { target: ["Staging"] } } });
  });

  it("refuses a reply from a connection with other permissions than the run's creator, with the reason, and the question stays", async () => {
    const id = await askingDock();
    // Fewer scopes than the page that started the run: another caller policy.
    const other = createGatewayClient({ url: "sim://other", token: "scripted", transport: dock.sim.transport, scopes: ["operator.read", "operator.write", "operator.questions"] });
    const store = openStore({ client: other, sessionKey: "main", resolverId: "control-ui:other-person", chatReplies: chatRepliesFeature() });
    others.push(() => (store.getState().actions.dispose(), other.stop()));
    other.start();
    await storeReaches(store, (s) => s.records.has(id));

    const result = await store.getState().actions.replyInChat(id, "Production");

    expect(result).toMatchObject({ ok: false, code: "not-creator", detail: expect.stringContaining("caller policy does not match its creator") });
    expect(store.getState().submissions.get(id)).toMatchObject({ status: "error", code: "not-creator" });
    expect(store.getState().announcement).toMatchObject({ key: "submitFailed", code: "not-creator" });
    expect(dock.gatewayRecord(id)?.status).toBe("pending");
    expect(store.getState().records.has(id)).toBe(true);
  });

  it("shows the gateway's own reason for a reply that leaves a question unanswered", async () => {
    const id = await askingDock([DEPLOY, REGIONS]);
    const result = await dock.actions().replyInChat(id, "2");
    expect(result).toMatchObject({ ok: false, code: "chat-refused", detail: expect.stringContaining("question 'regions' requires an answer") });
    expect(dock.state().records.has(id)).toBe(true);
    // Answered in full, it goes.
    expect(await dock.actions().replyInChat(id, "Deploy: 2\nRegions: EU")).toEqual({ ok: true });
  });

  it("sends nothing for an empty message or a request that is not waiting", async () => {
    const id = await askingDock();
    expect(await dock.actions().replyInChat(id, "   ")).toMatchObject({ ok: false });
    expect(await dock.actions().replyInChat("constructor", "2")).toMatchObject({ ok: false });
    expect(dock.sim.history().filter((m) => m.role === "user")).toHaveLength(1);
  });
});
