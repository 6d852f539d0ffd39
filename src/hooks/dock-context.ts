// The dock store's React context lives with the hooks, so hooks never reach into the views for it.
import { createContext, useContext, type ComponentType, type CSSProperties } from "react";
import { useStore } from "zustand";
import type { StoreApi } from "zustand/vanilla";
import { storeParts } from "../store/opt-in/attach";
import type { DockSnapshot, DockStore, Outcome, QuestionDockStore } from "../store/dock/state";

/** Carries one dock store to the hooks; `QuestionDockProvider` fills it. */
export const DockStoreContext = /* @__PURE__ */ createContext<StoreApi<DockStore> | null>(null);

/** The whole store behind a host's handle: every QuestionDockStore is one of createQuestionDockStore's. */
export const wholeStore = (store: QuestionDockStore) => store as StoreApi<DockStore>;

/** The dock store of the nearest `QuestionDockProvider`; throws outside one. */
export function useDockStoreApi(): StoreApi<DockStore> {
  const store = useContext(DockStoreContext);
  if (!store) throw new Error("Question dock components and hooks must be rendered inside <QuestionDockProvider store={…}>.");
  return store;
}

/** The store's actions: attached once as the store is made, so read without subscribing. */
export function useDockActions(): DockStore["actions"] {
  return useDockStoreApi().getState().actions;
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
export const DockThemeContext = /* @__PURE__ */ createContext<DockTheme>("system");

/** The `data-theme` a view's root element takes: the provider's theme, or none where the page decides. */
export function useThemeAttribute(): "light" | "dark" | undefined {
  const theme = useContext(DockThemeContext);
  return theme === "system" ? undefined : theme;
}

/** What a feature's summary view takes: the outcome and the words for its kind. */
export interface FeatureSummaryProps {
  outcome: Outcome;
  label: string;
  className?: string | undefined;
  style?: CSSProperties | undefined;
}

/** The views the nearest store's opt-in features add (async problem notice and summary); none without features. */
export function useFeatureViews() {
  // Not useDockStoreApi: a summary may stand alone (the question page's ended question), and then it has no features.
  const store = useContext(DockStoreContext);
  const views = (store && storeParts.get(store)?.views) ?? {};
  // The store holds views as opaque values; src/features/ puts only these components there.
  return { ProblemNotice: views.problemNotice as ComponentType | undefined, AsyncSummary: views.asyncSummary as ComponentType<FeatureSummaryProps> | undefined };
}
