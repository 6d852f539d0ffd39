import { useMemo, useState } from "react";
import { useStoreState } from "../hooks/dock-context";
import { useViewWords, useWords } from "../hooks/use-messages";
import { asyncProblemsEnglish, pluralText } from "../messages";
import type { AsyncProblems } from "../store/dock/state";
import { shortened } from "../protocol/graphemes";
import { MAX_DETAIL, Notice } from "./DockNotices";

/** A notice near the dock that answers are not being saved, or that the conversation could not be read in full. */
export function AsyncProblemNotice() {
  const storageError = useStoreState((s) => s.outbox.storageError);
  const chatError = useStoreState((s) => s.chat.error);
  // One object per change of either, so dismissing hides what is there now and a new problem shows again.
  const problems = useMemo<AsyncProblems | undefined>(() => (storageError || chatError ? { storage: storageError, conversation: chatError } : undefined), [storageError, chatError]);
  const [dismissed, setDismissed] = useState<AsyncProblems | undefined>(undefined);
  const { storage, conversation }: AsyncProblems = problems && problems !== dismissed ? problems : {};
  const words = useViewWords("asyncProblems", asyncProblemsEnglish);
  const { locale } = useWords();
  if (!storage && !conversation) return null;
  return (
    <Notice kind="qd-async-problem" onDismiss={() => setDismissed(problems)}>
      {storage && <p className="qd-rejected__title">{words.storage[storage.operation]}</p>}
      {conversation && (
        <p className="qd-rejected__title">
          {conversation.kind === "delivery-refused"
            ? pluralText(words.deliveryRefused, conversation.count, locale)
            : words[conversation.retrying ? "loadRetrying" : "loadFailed"]({ reason: shortened(conversation.reason, MAX_DETAIL) })}
        </p>
      )}
      {conversation?.kind === "delivery-refused" && (
        <p className="qd-rejected__details">{shortened(`${conversation.itemId ?? conversation.source}: ${conversation.reason}`, MAX_DETAIL)}</p>
      )}
    </Notice>
  );
}
