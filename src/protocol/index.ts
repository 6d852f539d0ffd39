// The protocol entry, export by export so that every change to the surface shows in review.

export { formatIssues, type Validated, type ValidationIssue } from "./result";

export { checkAnswers, isSecretQuestion, parseQuestionRecord, type GatewayQuestion, type QuestionOption, type QuestionRecord, type QuestionStatus, type SecretStore } from "./question-record";
export type { QuestionAnswers } from "./answers";
export { parseResolvedEvent } from "./payloads";
export { GatewayErrorCode, QuestionErrorReason } from "./errors";
export type { IdTable } from "./id-table";
export type { ChatSendParams, HelloOk, QuestionRequestParams, QuestionResolveParams, QuestionResolveResult, QuestionResolvedEvent } from "./methods";
export type { EventFrame, Frame, GatewayErrorBody, InboundFrame, RequestFrame, ResponseFrame } from "./frames";

export { codexTurnOf, parseChatEvent, parseChatMessage, sentKeyOf, type ChatEvent, type ChatMessage, type ChatMessageProvenance } from "./chat-message";
export { parseAsyncDelivery, type AsyncDelivery, type AsyncQuestion } from "./async-delivery";
export { belongsToSession } from "./session-key";
export type { AskUserBlock, AskUserHistoryOutcome, AskUserNoAnswerReason } from "./ask-user-history";

export { formatAnswerText, parseAnswerText, type AnswerBlock, type ParsedAnswerText } from "./answer-text";
export { parseTextReply, type TextReplyOptions, type TextReplyResult } from "./text-reply";
export { safeHttpUrl } from "./links";
