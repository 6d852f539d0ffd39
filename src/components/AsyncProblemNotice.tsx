import { truncateGraphemes } from "../protocol/graphemes";
import { useAsyncProblems } from "../hooks/use-async-problems";
import { useThemeAttribute } from "../hooks/dock-context";
import { useLocale, useMessages } from "../hooks/use-messages";
import { defaultMessages, pluralText, type QuestionDockMessages } from "../messages";
import type { AsyncProblems } from "../store/dock/state";

/** Longest piece of untrusted text (the gateway's words, an item id) shown. */
const MAX_DETAIL = 160;

const cut = (text: string) => {
  const short = truncateGraphemes(text, MAX_DETAIL);
  return short === text ? text : `${short}…`;
};

/** A conversation problem in plain words, e.g. "The conversation history could not be loaded: …". */
export function conversationProblemWords(problem: NonNullable<AsyncProblems["conversation"]>, messages: QuestionDockMessages = defaultMessages, locale = "en"): string {
  const words = messages.asyncProblems;
  if (problem.kind === "load-failed") return words.loadFailed({ reason: cut(problem.reason) });
  return pluralText(words.deliveryRefused, problem.count, locale);
}

/** A notice near the dock that answers are not being saved, or that the conversation could not be read in full. */
export function AsyncProblemNotice() {
  const { storage, conversation, dismiss } = useAsyncProblems();
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
      <button type="button" className="qd-button qd-button--quiet" onClick={dismiss}>
        {m.dismiss}
      </button>
    </div>
  );
}
