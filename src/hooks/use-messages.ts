// The dock's words and locale travel in their own context, so a view re-renders for them only when they change.
import { createContext, useContext, useMemo } from "react";
import { announcementText, defaultMessages, dockEnglish, mergeMessages, safeLocale, type DockMessages, type QuestionDockMessages, type QuestionDockMessagesOverride } from "../messages";
import type { Announcement } from "../store/dock/state";
import { warnInDevelopment } from "./dev-warning";
import { useDockStore } from "./dock-context";
declare const process: { env: { NODE_ENV?: string } } | undefined;

/** Carries the dock's words and their BCP 47 locale; outside a provider it reads English. */
export const DockMessagesContext = /* @__PURE__ */ createContext({ messages: dockEnglish as DockMessages, locale: "en" });

/** The locale of the nearest `QuestionDockProvider` and the dock's own words, without the other views' English. */
export function useWords(): { messages: DockMessages; locale: string } {
  return useContext(DockMessagesContext);
}

/** The message table of the nearest `QuestionDockProvider`: every word a view shows or announces. */
export function useMessages(): QuestionDockMessages {
  const words = useWords().messages;
  // A provider's words hold the dock's English and whatever the host passed; the other views' English fills the rest.
  return useMemo(() => mergeMessages(defaultMessages, words), [words]);
}

/** One group of the other views' words: its English under the provider's words for it; a view's bundle holds only it. */
export function useViewWords<K extends keyof QuestionDockMessages>(key: K, english: QuestionDockMessages[K]): QuestionDockMessages[K] {
  const words = useWords().messages as Partial<QuestionDockMessages>;
  return useMemo(() => Object.assign({}, english, words[key]), [english, key, words]);
}

/** The latest polite announcement in the dock's words; its counter changes even when the words repeat. */
export function useAnnouncement(): { text: string; n: number; announcement: Announcement } {
  const announcement = useDockStore((s) => s.announcement);
  return { text: announcementText(announcement, useWords().messages), n: announcement.n, announcement };
}

/** The words a provider hands down: the host's `messages` over English, with `locale`; stable while both are. */
export function useProviderWords(locale: string, messages: QuestionDockMessagesOverride | undefined) {
  return useMemo(() => {
    const tag = safeLocale(locale);
    const language = tag.split("-")[0]!.toLowerCase();
    // The locale never picks a table itself: that would bundle every language into every host. Without words of its
    // own, a locale would silently keep English: say so, in development only. German ships.
    if (typeof process !== "undefined" && process.env.NODE_ENV !== "production" && messages === undefined && language !== "en") {
      const table = language === "de" ? 'import deMessages from "@openclaw-kit/question-dock/locales/de" and pass it' : "no table ships for it, so pass your own";
      warnInDevelopment(`locale "${tag}" sets plurals, numbers and times, but the words stay English: ${table} as messages.`);
    }
    return { locale: tag, messages: mergeMessages(dockEnglish, messages) };
  }, [locale, messages]);
}
