import type { ReactNode } from "react";
import { DockStoreContext, DockThemeContext, wholeStore, type DockTheme } from "../hooks/dock-context";
import { DockMessagesContext, useProviderWords } from "../hooks/use-messages";
import type { QuestionDockMessagesOverride } from "../messages";
import type { QuestionDockStore } from "../store/dock/state";

/** Props of `QuestionDockProvider`. */
export interface QuestionDockProviderProps {
  store: QuestionDockStore;
  /** The BCP 47 tag for plurals, numbers and times; it does not choose the words (pass `messages`). @default "en" */
  locale?: string;
  /** The words over English: a whole table such as `deMessages` (`/locales/de`) or any group; keep it stable. */
  messages?: QuestionDockMessagesOverride;
  /** "system" follows the page's `data-theme` or `.dark` class, then the OS. @default "system" */
  theme?: DockTheme;
  children?: ReactNode;
}

/** Hands one dock store to every dock component and hook below it. */
export function QuestionDockProvider({ store, locale = "en", messages, theme = "system", children }: QuestionDockProviderProps) {
  const words = useProviderWords(locale, messages);
  return (
    <DockStoreContext.Provider value={wholeStore(store)}>
      <DockMessagesContext.Provider value={words}>
        <DockThemeContext.Provider value={theme}>{children}</DockThemeContext.Provider>
      </DockMessagesContext.Provider>
    </DockStoreContext.Provider>
  );
}
