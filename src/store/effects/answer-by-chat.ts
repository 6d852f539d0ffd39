// A message typed in the composer while an agent run's question waits is that question's answer on the gateway
// (openclaw 2026.9.6 claims it, `resolvedBy: "plain-text"`; docs/gateway-findings.md "Chat replies while an agent
// run waits"). This sends it with `chat.send` and follows the gateway's verdict, which does not come back as the
// reply to `chat.send` (that always says "started") but as a `chat` event under the message's idempotency key: an
// empty `final` when the message was taken as the answer, an `error` with the gateway's reason when it was not.
import { readChatClaim } from "../../protocol/chat-claim";
import { sendableText } from "../../protocol/sendable-text";
import type { ChatSendParams } from "../../protocol/methods";
import type { GatewayErrorCode } from "../../protocol/errors";
import type { DockContext } from "../context";
import { isBusy } from "../dock/dock-reducer";
import { submitFailureOf, wasCutOff, type GatewaySync, type SubmitFailure } from "./gateway-sync";
import type { ChatReplyResult } from "../dock/state";

/** How long to wait for the gateway's verdict before asking the question's state instead. */
const VERDICT_WAIT_MS = 15_000;

// The gateway's reason when the sender's caller policy is not the run creator's; its words are kept as the detail.
const NOT_CREATOR = /caller policy does not match its creator/i;

// What became of a reply: taken, refused in the gateway's words, left (the question ended), silent, or gone (the store
// was disposed, e.g. the page is unloading: the reply may still be taken, and a reload must still know it as ours).
type Verdict = "taken" | { refused: string } | "left" | "silent" | "gone";

/** A fresh idempotency key: a UUID, or random text where the page has no `crypto.randomUUID` (an insecure context). */
export function newKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** Wires chat replies to one dock store. */
export function createChatReplies(ctx: DockContext, sync: GatewaySync) {
  const { client, timers } = ctx.options;
  const verdicts = new Map<string, (verdict: Verdict) => void>();
  const off = client.onEvent("chat", (payload) => {
    const p = payload as { runId?: unknown; state?: unknown; errorMessage?: unknown } | null;
    const settle = typeof p?.runId === "string" ? verdicts.get(p.runId) : undefined;
    if (!settle) return;
    if (p!.state === "final") settle("taken");
    else if (p!.state === "error") settle({ refused: typeof p!.errorMessage === "string" ? p!.errorMessage : "" });
  });

  const fail = (requestId: string, failure: SubmitFailure): ChatReplyResult => {
    // Only a refusal takes the reply back: one the gateway was silent about may still be taken as the answer.
    if (failure.code !== "not-taken") ctx.sent.noteChatReply(requestId, false);
    if (ctx.get().records.get(requestId)) sync.failSubmission(requestId, "answer", failure);
    return { ok: false, ...failure };
  };

  // The gateway's word on the message, or the question's own end, whichever comes first.
  const verdictOf = (requestId: string, key: string) =>
    new Promise<Verdict>((resolve) => {
      // Connections that receive no chat events (a guest's) learn it from the question leaving the dock.
      const unsubscribe = ctx.on(["recordSettled"], (e) => {
        if (e.id === requestId) done("left");
      });
      const timer = timers.setTimeout(() => done("silent"), VERDICT_WAIT_MS);
      function done(v: Verdict) {
        verdicts.delete(key);
        unsubscribe();
        timers.clearTimeout(timer);
        resolve(v);
      }
      verdicts.set(key, done);
    });

  const send = async (requestId: string, typed: string): Promise<ChatReplyResult> => {
    const s = ctx.get();
    const record = s.records.get(requestId);
    // The gateway refuses NUL and strips other controls: what goes out is what the person sees.
    const text = sendableText(typed).text;
    if (!record || isBusy(s.submissions.get(requestId)) || text.trim() === "") return { ok: false, code: "unexpected" };
    const answers = readChatClaim(record, text);
    const key = newKey();
    // Remembered before it leaves: the answer may be recorded before any reply reaches this page.
    ctx.sent.remember(requestId, answers);
    ctx.sent.noteChatReply(requestId, true);
    ctx.dispatch({ type: "submitStarted", requestId, kind: "answer" });
    const verdict = verdictOf(requestId, key);
    try {
      await client.request("chat.send", { sessionKey: record.sessionKey ?? ctx.options.sessionKey, message: text, idempotencyKey: key } satisfies ChatSendParams);
    } catch (error) {
      verdicts.get(key)?.("gone");
      if (!wasCutOff(error)) return fail(requestId, submitFailureOf(error));
      sync.markUncertain(requestId, "answer", error.code === ("TIMEOUT" satisfies GatewayErrorCode));
      return { ok: false, ...submitFailureOf(error) };
    }
    const v = await verdict;
    if (v === "gone") return { ok: false, code: "unexpected" };
    if (v === "left" || v === "taken") return { ok: true };
    if (v === "silent") return ctx.get().records.get(requestId) ? fail(requestId, { code: "not-taken" }) : { ok: true };
    // The refusal as data: the views say it in words, with the gateway's own sentence as the detail.
    return fail(requestId, { code: NOT_CREATOR.test(v.refused) ? "not-creator" : "chat-refused", detail: v.refused });
  };

  return {
    replyInChat: send,
    dispose: () => {
      off();
      for (const settle of [...verdicts.values()]) settle("gone");
    },
  };
}
