// The protocol entry ("@openclaw-kit/question-dock/protocol"): the records, frames and text formats a host reads or
// writes next to the dock, named one by one so that every change to the surface shows in review. Helpers the kit
// only uses inside (readers, id tables, hashing, credential and claim rules) stay in their files.

// Validation results: every validator returns issues instead of throwing.
export { formatIssues, type Validated, type ValidationIssue } from "./result";

// Question records, their answers and the gateway's errors.
export { checkAnswers, isSecretQuestion, parseQuestionRecord, type GatewayQuestion, type QuestionOption, type QuestionRecord, type QuestionStatus, type SecretStore } from "./question-record";
export type { QuestionAnswers } from "./answers";
export { parseResolvedEvent } from "./payloads";
export { GatewayErrorCode, QuestionErrorReason } from "./errors";
// Tables keyed by gateway ids (drafts, deliveries) have no prototype, so any id reads as an ordinary key.
export type { IdTable } from "./id-table";
export type { ChatSendParams, HelloOk, QuestionRequestParams, QuestionResolveParams, QuestionResolveResult, QuestionResolvedEvent } from "./methods";

// Wire frames.
export type { EventFrame, Frame, GatewayErrorBody, InboundFrame, RequestFrame, ResponseFrame } from "./frames";

// Transcripts: chat messages and events, async (Codex) questions, and the session a message belongs to.
export { codexTurnOf, parseChatEvent, parseChatMessage, sentKeyOf, type ChatEvent, type ChatMessage, type ChatMessageProvenance } from "./chat-message";
export { parseAsyncDelivery, type AsyncDelivery, type AsyncQuestion } from "./async-delivery";
export { belongsToSession } from "./session-key";
export type { AskUserBlock, AskUserHistoryOutcome, AskUserNoAnswerReason } from "./ask-user-history";

// Text formats: the "> title" answer text, and a plain-text reply to a prompt read as its answers.
export { formatAnswerText, parseAnswerText, type AnswerBlock, type ParsedAnswerText } from "./answer-text";
export { parseTextReply, type TextReplyOptions, type TextReplyResult } from "./text-reply";

// Links from untrusted records.
export { safeHttpUrl } from "./links";
