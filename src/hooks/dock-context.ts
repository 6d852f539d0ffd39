// The dock store's React context lives with the hooks, so hooks never reach into the views for it.
import { createContext, useContext } from "react";
import { useStore } from "zustand";
import type { StoreApi } from "zustand/vanilla";
import type { DockSnapshot, DockStore, QuestionDockStore } from "../store/dock/state";

/** Carries one dock store to the hooks; `QuestionDockProvider` fills it. */
export const DockStoreContext = createContext<StoreApi<DockStore> | null>(null);

/** The whole store behind a host's handle: every QuestionDockStore is one of createQuestionDockStore's. */
export const wholeStore = (store: QuestionDockStore) => store as StoreApi<DockStore>;

/** The dock store of the nearest `QuestionDockProvider`; throws outside one. */
export function useDockStoreApi(): StoreApi<DockStore> {
  const store = useContext(DockStoreContext);
  if (!store) throw new Error("Question dock components and hooks must be rendered inside <QuestionDockProvider store={…}>.");
  return store;
}

/** Reads a slice of the dock store and re-renders only when that slice changes. */
export function useDockStore<T>(selector: (state: DockSnapshot) => T): T {
  return useStore(useDockStoreApi(), selector);
}

/** `useDockStore` over the whole state, for hooks that read the store's own tables (the outbox, the conversation). */
export function useStoreState<T>(selector: (state: DockStore) => T): T {
  return useStore(useDockStoreApi(), selector);
}

/** The colour theme of every view; "system" leaves it to the page (`data-theme`, a `.dark` class), then the OS. */
export type DockTheme = "light" | "dark" | "system";

/** Carries the provider's theme; a view outside any provider follows the page. */
export const DockThemeContext = createContext<DockTheme>("system");

/** The `data-theme` a view's root element takes: the provider's theme, or none where the page decides. */
export function useThemeAttribute(): "light" | "dark" | undefined {
  const theme = useContext(DockThemeContext);
  return theme === "system" ? undefined : theme;
}
