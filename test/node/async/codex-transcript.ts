// chat.history rows in the shapes the real gateway with the Codex plugin saves (openclaw 2026.9.6,
// @openclaw/codex 2026.9.5; docs/gateway-findings.md §12), for the ledger and run-ending tables. Not a test file.

type Row = Record<string, unknown> & { __openclaw?: Record<string, unknown> };

const THREAD = "019a-thread";
const mirror = (identity: string) => ({ mirrorOrigin: "codex-app-server", mirrorIdentity: identity, idempotencyKey: `codex-app-server:${THREAD}:${identity}` });

/** The person's message as the Codex run mirrors it: `<turn>:prompt`, with the run id. */
export const codexPrompt = (runId: string, turn: string, text = "Do the thing"): Row => ({
  role: "user",
  content: text,
  idempotencyKey: `${runId}:user`,
  __openclaw: { id: `prompt-${runId}`, runId, ...mirror(`${turn}:prompt`), idempotencyKey: `${runId}:user` },
});

/** An async question row: saved mid-run, names its turn only, no run id. */
export const codexAsk = (turn: string, itemId: string, titles: string[] = ["Which branch?"]): Row => ({
  role: "assistant",
  content: [{ type: "text", text: "A question for you." }],
  stopReason: "stop",
  openclawAsyncDelivery: { itemId, questions: titles.map((title) => ({ title, options: ["main", "dev"] })) },
  idempotencyKey: `codex-app-server:${THREAD}:${turn}:async:${itemId}`,
  __openclaw: { id: `msg-${itemId}`, ...mirror(`${turn}:async:${itemId}`) },
});

/** Commentary mid-run: the run id, no `runTerminal`. */
export const codexCommentary = (runId: string, turn: string, text = "Looking around."): Row => ({
  role: "assistant",
  content: [{ type: "text", text }],
  stopReason: "stop",
  openclawStreamFallback: { replacementText: text, source: "segment", itemId: "c1" },
  __openclaw: { id: `commentary-${runId}`, runId, ...mirror(`${turn}:commentary:c1`) },
});

/** A successful run's final: `<turn>:assistant`, the run id, `runTerminal`. */
export const codexFinal = (runId: string, turn: string, text = "Done."): Row => ({
  role: "assistant",
  content: [{ type: "text", text }],
  stopReason: "stop",
  __openclaw: { id: `final-${runId}`, runId, runTerminal: true, ...mirror(`${turn}:assistant`) },
});

/** A failed run's record, as chat.history projects it: the run id moved into `__openclaw`, `details` dropped. */
export const codexFailure = (runId: string): Row => ({
  role: "custom",
  customType: "run-failed-before-reply",
  content: "This turn ended before a reply: the model broke",
  display: true,
  __openclaw: { id: `failed-${runId}`, runId },
});

/** An aborted run's two rows: the gateway's injected partial, then the mirrored aborted reply. */
export const codexAbort = (runId: string, turn: string, text = "Half an answer"): Row[] => [
  {
    role: "assistant",
    content: [{ type: "text", text }],
    stopReason: "stop",
    provider: "openclaw",
    model: "gateway-injected",
    api: "openai-responses",
    idempotencyKey: `${runId}:assistant`,
    openclawAbort: { aborted: true, origin: "rpc", runId },
    __openclaw: { id: `injected-${runId}`, runId, idempotencyKey: `${runId}:assistant` },
  },
  {
    role: "assistant",
    content: [{ type: "text", text }],
    stopReason: "aborted",
    __openclaw: { id: `mirrored-${runId}`, runId, runTerminal: true, ...mirror(`${turn}:assistant`) },
  },
];
