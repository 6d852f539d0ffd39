import type { ReactNode } from "react";
import { DockStoreContext, wholeStore } from "../hooks/dock-context";
import { DockMessagesContext, useDockWords } from "../hooks/use-messages";
import type { QuestionDockMessagesOverride } from "../messages";
import type { QuestionDockStore } from "../store/dock/state";

/** Props of `QuestionDockProvider`. */
export interface QuestionDockProviderProps {
  /** One dock's store, from `createQuestionDockStore`. */
  store: QuestionDockStore;
  /** The BCP 47 tag for plurals, numbers and times; it does not choose the words (pass `messages`). @default "en" */
  locale?: string;
  /** The words, over English: a whole table such as `deMessages` (from `/locales/de`), or any group in part. Keep it stable. */
  messages?: QuestionDockMessagesOverride;
  children?: ReactNode;
}

/** Hands one dock store to every dock component and hook below it. */
export function QuestionDockProvider({ store, locale = "en", messages, children }: QuestionDockProviderProps) {
  const words = useDockWords(locale, messages);
  return (
    <DockStoreContext.Provider value={wholeStore(store)}>
      <DockMessagesContext.Provider value={words}>{children}</DockMessagesContext.Provider>
    </DockStoreContext.Provider>
  );
}
