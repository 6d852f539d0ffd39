import type { ReactNode } from "react";
import type { StoreApi } from "zustand/vanilla";
import { DockStoreContext } from "../hooks/dock-context";
import { DockMessagesContext, useDockWords } from "../hooks/use-messages";
import type { QuestionDockMessagesOverride } from "../messages";
import type { DockStore } from "../store/dock/types";

/** Props of `QuestionDockProvider`. */
export interface QuestionDockProviderProps {
  /** One dock's store, from `createQuestionDockStore`. */
  store: StoreApi<DockStore>;
  /** The language of the dock's words and of its numbers and times, as a BCP 47 tag; "de" ships besides English. @default "en" */
  locale?: string;
  /** Words to use instead of the locale's own; any group may be given in part. Keep it stable (memoised) across renders. */
  messages?: QuestionDockMessagesOverride;
  children?: ReactNode;
}

/** Hands one dock store to every dock component and hook below it. */
export function QuestionDockProvider({ store, locale = "en", messages, children }: QuestionDockProviderProps) {
  const words = useDockWords(locale, messages);
  return (
    <DockStoreContext.Provider value={store}>
      <DockMessagesContext.Provider value={words}>{children}</DockMessagesContext.Provider>
    </DockStoreContext.Provider>
  );
}
