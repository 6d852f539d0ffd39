// The conversation's messages as transcript rows, with the names a summary may give its asker.
import { sentKeyOf, type ChatMessage } from "../../protocol/chat-message";
import type { TranscriptMessage } from "../dock/transcript-placement";
import { isPersonMessage } from "./derive-questions";

/** A chat message as a transcript row: what the placement reads, and the message itself for the row's content. */
export interface ChatTranscriptMessage extends TranscriptMessage {
  message: ChatMessage;
}

/** The messages a chat shows, as transcript rows: text, and every message that asked; untimed ones get `now`. */
export function chatTranscriptOf(messages: readonly ChatMessage[], now: number = Date.now()): ChatTranscriptMessage[] {
  return messages.flatMap((message, i) => {
    const toolCallIds = (message.askUser ?? []).flatMap((b) => (b.kind === "call" && !b.nestedId ? [b.toolCallId] : []));
    const asyncItemId = message.asyncDelivery?.ok ? message.asyncDelivery.value.itemId : undefined;
    const asked = toolCallIds.length > 0 || asyncItemId !== undefined;
    const said = message.text !== "" && (message.role === "assistant" || isPersonMessage(message));
    if (!said && !asked) return [];
    // A person's message belongs to the run its send started: the gateway names that run after the send's key.
    const runId = message.runId ?? (message.role === "user" ? sentKeyOf(message) : undefined);
    return [
      {
        id: message.id ?? `#${i}`,
        role: message.role,
        at: message.timestamp ?? now,
        message,
        ...(runId !== undefined ? { runId } : {}),
        ...(message.id !== undefined ? { messageId: message.id } : {}),
        ...(toolCallIds.length > 0 ? { toolCallIds } : {}),
        ...(asyncItemId !== undefined ? { asyncItemId } : {}),
        ...(!said ? { onlyAsked: true } : {}),
      },
    ];
  });
}
