// What a composer message does while a question waits (docs/gateway-findings.md "Chat replies while an agent run
// waits"): an agent run's question takes its creator's message as the answer ("claim"); a question no run asked
// is never answered by chat, so a message reading as its answer is offered as one ("offer").
import { useCallback, useMemo } from "react";
import { entryOf } from "../protocol/id-table";
import { isSecretQuestion, type GatewayQuestion, type QuestionRecord } from "../protocol/question-record";
import { isClaimedByChat, readChatClaim, unansweredByClaim } from "../protocol/chat-claim";
import { looksLikeCredential } from "../protocol/credential-shape";
import { parseTextReply } from "../protocol/text-reply";
import type { QuestionAnswers } from "../protocol/answers";
import { isBusy } from "../store/dock/dock-reducer";
import { activeRecord } from "../store/dock/selectors";
import type { ChatReplyResult, DockState } from "../store/dock/state";
import { useDockStore, useDockStoreApi } from "./dock-context";
import { useWords } from "./use-messages";
import { reopenDock } from "./use-attention";

// Typed alone (case and spaces aside) it reopens the dock instead of being sent, as in the TUI.
const REOPEN_DOCK_COMMAND = "/question";

/** What the composer's text would do to the active blocking request: answer it with `answers`, or skip it. */
export interface ComposerAnswerOffer {
  requestId: string;
  /** The first question's header, or its question text when it has none. */
  header: string;
  /** What would be sent, one line per question ("Deploy: Production"); empty for a skip. */
  lines: string[];
  /** The answers to send; absent when the reply skips the prompt. */
  answers?: QuestionAnswers;
  skip: boolean;
  /** The text looks like a password or key, which must never be an answer. */
  credential: boolean;
}

/** What the composer's text will answer when sent: an agent run's waiting question, which the gateway gives it to. */
export interface ComposerClaim {
  requestId: string;
  /** The first question's header, or its question text when it has none. */
  header: string;
  /** What the gateway will record, one line per question ("Deploy: Production"), secrets masked. */
  lines: string[];
  answers: QuestionAnswers;
  /** Headers of questions the text leaves without an answer; the gateway refuses such a reply. */
  missing: string[];
  /** The text looks like a password or key, which must never be an answer. */
  credential: boolean;
}

/** The composer's reading of its text, and the ways to send it. */
export interface ComposerAnswer {
  /** Set while an agent run's question waits: the message will be its answer. */
  claim: ComposerClaim | undefined;
  /** Set for a question no run asked, when the text reads as its answer or skip: ask before sending. */
  offer: ComposerAnswerOffer | undefined;
  /** Sends the offer through the store as a dock submit (or skip) would; resolves true unless the gateway refused it. */
  confirm(): Promise<boolean>;
  /** Sends the text as the chat message that answers the claimed question; the result says why, if it was not taken. */
  reply(): Promise<ChatReplyResult>;
  /** `/question` alone while a request waits: call `reopenDock` instead of sending; neither claim nor offer is set. */
  reopensDock: boolean;
  /** Expands the dock and focuses its question; a no-op when nothing waits. */
  reopenDock(): void;
}

const titleOf = (q: GatewayQuestion | undefined) => q?.header.trim() || q?.question.trim() || "";

// A secret's value is never shown.
function linesOf(record: QuestionRecord, answers: QuestionAnswers, mask: string): string[] {
  return record.questions.map((q) => `${titleOf(q)}: ${isSecretQuestion(q) ? mask : (entryOf(answers.answers, q.questionId) ?? []).join(", ")}`);
}

// Only a blocking request that is not already on its way can take a reply; an async one reads chat replies itself.
const takesReply = (s: DockState, id: string) => !s.asyncOrigins.get(id) && !isBusy(s.submissions.get(id));

function answerableRecord(s: DockState): QuestionRecord | undefined {
  const record = activeRecord(s);
  return record && takesReply(s, record.id) ? record : undefined;
}

// The gateway holds one waiting agent-run question per session, the one a chat message answers: the active one
// when it is such, else the first that is.
function claimedRecord(s: DockState): QuestionRecord | undefined {
  const claimed = (record: QuestionRecord | undefined) => record !== undefined && isClaimedByChat(record) && takesReply(s, record.id);
  const active = activeRecord(s);
  return claimed(active) ? active : s.order.map((id) => s.records.get(id)).find(claimed);
}

function offerFor(record: QuestionRecord, text: string): ComposerAnswerOffer | undefined {
  const reply = parseTextReply(record, text);
  if (!reply.ok) return undefined;
  const base = { requestId: record.id, header: titleOf(record.questions[0]), credential: looksLikeCredential(text) };
  if (reply.skip) return { ...base, lines: [], skip: true };
  return { ...base, lines: linesOf(record, reply.answers, ""), answers: reply.answers, skip: false };
}

function claimFor(record: QuestionRecord, text: string, mask: string): ComposerClaim {
  const answers = readChatClaim(record, text);
  const missing = unansweredByClaim(record, answers).map(titleOf);
  const secret = record.questions.some(isSecretQuestion);
  return { requestId: record.id, header: titleOf(record.questions[0]), lines: linesOf(record, answers, mask), answers, missing, credential: !secret && looksLikeCredential(text) };
}

/** Reads the composer's `text`: a `claim` (the message will answer), an `offer` (ask first), or neither. */
export function useComposerAnswer(text: string): ComposerAnswer {
  const store = useDockStoreApi();
  const mask = useWords().messages.secretMask;
  const claimed = useDockStore(claimedRecord);
  const record = useDockStore(answerableRecord);
  // The command is never a message, so it never answers or offers to answer anything.
  const waiting = useDockStore((s) => s.order.length > 0);
  const reopensDock = waiting && text.trim().toLowerCase() === REOPEN_DOCK_COMMAND;
  // A claimed question is answered by chat alone, so the text is never offered as another's answer too.
  const reads = text.trim() !== "" && !reopensDock;
  const claim = useMemo(() => (claimed && reads ? claimFor(claimed, text, mask) : undefined), [claimed, reads, text, mask]);
  const offer = useMemo(() => (!claimed && record && reads ? offerFor(record, text) : undefined), [claimed, record, reads, text]);
  const confirm = useCallback(async () => {
    if (!offer) return false;
    const { actions } = store.getState();
    await (offer.answers ? actions.answerWith(offer.requestId, offer.answers) : actions.skip(offer.requestId));
    return store.getState().submissions.get(offer.requestId)?.status !== "error";
  }, [offer, store]);
  const reply = useCallback(async (): Promise<ChatReplyResult> => {
    if (!claim) return { ok: false, code: "unexpected" };
    return store.getState().actions.replyInChat(claim.requestId, text);
  }, [claim, store, text]);
  const reopen = useCallback(() => reopenDock(store), [store]);
  return { claim, offer, confirm, reply, reopensDock, reopenDock: reopen };
}
