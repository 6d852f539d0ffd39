// A page that sent a chat reply to an agent run's question and reloaded before it saw the question end: the new
// page still calls the answer the person's own (this tab's sessionStorage remembers the reply), never someone else's.
import { afterEach, expect, it } from "vitest";
import { createScriptedDock, storeReaches, type ScriptedDock, type SimAgentTurn } from "../../src/simulated";
import { openStore } from "../../src/store";

const DEPLOY = { id: "target", header: "Deploy", question: "Where should this deploy?", options: [{ label: "Staging" }, { label: "Production" }] };
let dock: ScriptedDock;
const stops: Array<() => void> = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  dock?.dispose();
});

it("reads the answer of this tab's chat reply as Answered after a reload", async () => {
  const reply = (message: string): SimAgentTurn => (message === "deploy" ? { askUser: { questions: [DEPLOY] } } : "Noted.");
  dock = createScriptedDock({ sim: { reply, replyStepMs: 1, tickIntervalMs: 0 }, store: { typingGraceMs: 0 } });
  await dock.connect();
  await dock.client.request("chat.send", { sessionKey: "main", message: "deploy", idempotencyKey: "run-reload" });
  await storeReaches(dock.store, (s) => s.order.length === 1);
  const id = dock.state().order.at(0)!;

  // The reply leaves, and the page goes away before it hears how the question ended.
  void dock.actions().replyInChat(id, "production");
  dock.store.getState().actions.dispose();
  await new Promise((r) => setTimeout(r, 50));
  expect(dock.gatewayRecord(id)).toMatchObject({ status: "answered", resolvedBy: "plain-text" });

  const reloaded = openStore({ client: dock.client, sessionKey: "main" });
  stops.push(() => reloaded.getState().actions.dispose());
  await storeReaches(reloaded, (s) => s.outcomes.has(id));
  expect(reloaded.getState().outcomes.get(id)).toMatchObject({ kind: "answered", answers: { answers: { target: ["Production"] } } });
});
