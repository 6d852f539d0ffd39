import { useMemo, useState } from "react";
import { useStoreState, useThemeAttribute } from "../hooks/dock-context";
import { useLocale, useMessages } from "../hooks/use-messages";
import { defaultMessages, pluralText, type QuestionDockMessages } from "../messages";
import type { AsyncProblems } from "../store/dock/state";
import { cut as cutTo } from "./RejectedNotice";

/** Longest piece of untrusted text (the gateway's words, an item id) shown. */
const MAX_DETAIL = 160;

const cut = (text: string) => cutTo(text, MAX_DETAIL);

/** A conversation problem in plain words, e.g. "The conversation history could not be loaded: …". */
export function conversationProblemWords(problem: NonNullable<AsyncProblems["conversation"]>, messages: QuestionDockMessages = defaultMessages, locale = "en"): string {
  const words = messages.asyncProblems;
  if (problem.kind === "load-failed") return words.loadFailed({ reason: cut(problem.reason) });
  return pluralText(words.deliveryRefused, problem.count, locale);
}

/** A notice near the dock that answers are not being saved, or that the conversation could not be read in full. */
export function AsyncProblemNotice() {
  const storageError = useStoreState((s) => s.outbox.storageError);
  const chatError = useStoreState((s) => s.chat.error);
  // One object per change of either, so dismissing hides what is there now and a new problem shows again.
  const problems = useMemo<AsyncProblems | undefined>(
    () => (storageError || chatError ? { ...(storageError ? { storage: storageError } : {}), ...(chatError ? { conversation: chatError } : {}) } : undefined),
    [storageError, chatError],
  );
  const [dismissed, setDismissed] = useState<AsyncProblems | undefined>(undefined);
  const { storage, conversation }: AsyncProblems = problems && problems !== dismissed ? problems : {};
  const m = useMessages();
  const locale = useLocale();
  const theme = useThemeAttribute();
  if (!storage && !conversation) return null;
  const refused = conversation?.kind === "delivery-refused" ? conversation : undefined;
  return (
    <div className="qd-rejected qd-async-problem" data-theme={theme} role="status">
      {storage && <p className="qd-rejected__title">{m.asyncProblems.storage[storage.operation]}</p>}
      {conversation && <p className="qd-rejected__title">{conversationProblemWords(conversation, m, locale)}</p>}
      {refused && <p className="qd-rejected__details">{cut(`${refused.itemId ?? refused.source}: ${refused.reason}`)}</p>}
      <button type="button" className="qd-button qd-button--quiet" onClick={() => setDismissed(problems)}>
        {m.dismiss}
      </button>
    </div>
  );
}
