// The dock store's React context lives with the hooks, so hooks never reach into the views for it.
import { createContext, useContext } from "react";
import { useStore } from "zustand";
import type { StoreApi } from "zustand/vanilla";
import type { DockStore } from "../store/dock/state";

/** Carries one dock store to the hooks; `QuestionDockProvider` fills it. */
export const DockStoreContext = createContext<StoreApi<DockStore> | null>(null);

/** The dock store of the nearest `QuestionDockProvider`; throws outside one. */
export function useDockStoreApi(): StoreApi<DockStore> {
  const store = useContext(DockStoreContext);
  if (!store) throw new Error("Question dock components and hooks must be rendered inside <QuestionDockProvider store={…}>.");
  return store;
}

/** Reads a slice of the dock store and re-renders only when that slice changes. */
export function useDockStore<T>(selector: (state: DockStore) => T): T {
  return useStore(useDockStoreApi(), selector);
}
