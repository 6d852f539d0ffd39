// The dock's words and locale travel in their own context, so a view re-renders for them only when they change.
import { createContext, useContext, useMemo } from "react";
import { announcementText, defaultMessages, mergeMessages, safeLocale, type QuestionDockMessages, type QuestionDockMessagesOverride } from "../messages";
import type { Announcement } from "../store/dock/state";
import { warnInDevelopment } from "./dev-warning";
import { useDockStore } from "./dock-context";

/** Carries the dock's words and their BCP 47 locale; outside a provider it reads English. */
export const DockMessagesContext = createContext({ messages: defaultMessages as QuestionDockMessages, locale: "en" });

/** The message table of the nearest `QuestionDockProvider`: every word a view shows or announces. */
export function useMessages(): QuestionDockMessages {
  return useContext(DockMessagesContext).messages;
}

/** The BCP 47 locale of the nearest `QuestionDockProvider`, for Intl formatting. */
export function useLocale(): string {
  return useContext(DockMessagesContext).locale;
}

/** The latest polite announcement in the dock's words; its counter changes even when the words repeat. */
export function useAnnouncement(): { text: string; n: number; announcement: Announcement } {
  const announcement = useDockStore((s) => s.announcement);
  return { text: announcementText(announcement, useMessages()), n: announcement.n, announcement };
}

// A locale without words of its own would silently keep English: say so, in development only. German ships.
function warnWithoutWords(tag: string): void {
  const language = tag.split("-")[0]!.toLowerCase();
  if (language === "en") return;
  const sets = `locale "${tag}" sets plurals, numbers and times;`;
  warnInDevelopment(
    language === "de"
      ? `${sets} the words stay English unless you pass them: import deMessages from "@openclaw-kit/question-dock/locales/de" and pass it as messages.`
      : `${sets} no word table ships for it, so the words stay English unless you pass your own as messages.`,
  );
}

/** The words a provider hands down: the host's `messages` over English, with `locale`; stable while both are. */
export function useDockWords(locale: string, messages: QuestionDockMessagesOverride | undefined) {
  return useMemo(() => {
    const tag = safeLocale(locale);
    // The locale never picks a table itself: that would bundle every language into every host.
    if (messages === undefined) warnWithoutWords(tag);
    return { locale: tag, messages: mergeMessages(defaultMessages, messages) };
  }, [locale, messages]);
}
