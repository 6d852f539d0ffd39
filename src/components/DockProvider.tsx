import { createContext, useContext, type ReactNode } from "react";
import { useStore } from "zustand";
import type { StoreApi } from "zustand/vanilla";
import type { DockStore } from "../store/types";

const DockStoreContext = createContext<StoreApi<DockStore> | null>(null);

/** Props of `QuestionDockProvider`. */
export interface QuestionDockProviderProps {
  /** One dock's store, from `createQuestionDockStore`. */
  store: StoreApi<DockStore>;
  children?: ReactNode;
}

/** Hands one dock store to every dock component and hook below it. */
export function QuestionDockProvider({ store, children }: QuestionDockProviderProps) {
  return <DockStoreContext.Provider value={store}>{children}</DockStoreContext.Provider>;
}

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
