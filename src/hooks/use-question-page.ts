// Ties one page store per link to the component's life; what the page does lives in src/store/page.
import { useMemo } from "react";
import { useStore, type StoreApi } from "zustand";
import { createQuestionPageStore, LOADING_PAGE, type QuestionPageData, type QuestionPagePhase, type QuestionPageOptions, type QuestionPageStore } from "../store/page/question-page-store";

export type { QuestionPageData, QuestionPagePhase, QuestionPageOptions };

/** What `useQuestionPage` gives a view: what the page shows, and Retry. */
export interface QuestionPageState extends QuestionPageData {
  /** Reads the question again; the draft is kept. */
  retry(): void;
}

const LOADING: QuestionPageStore = { ...LOADING_PAGE, retry: () => {}, dispose: () => {} };

// The page store is made when the view subscribes and disposed when it unsubscribes, never during a render: it
// starts reading at once, and StrictMode's second subscription must get a live store, not the disposed one.
function pageSource(options: QuestionPageOptions): Pick<StoreApi<QuestionPageStore>, "getState" | "getInitialState" | "subscribe"> {
  let page: StoreApi<QuestionPageStore> | undefined;
  return {
    getState: () => page?.getState() ?? LOADING,
    getInitialState: () => LOADING,
    subscribe(listener) {
      const made = createQuestionPageStore(options);
      page = made;
      const off = made.subscribe(listener);
      return () => {
        off();
        made.getState().dispose();
        if (page === made) page = undefined;
      };
    },
  };
}

/** Loads one question for a standalone page and keeps it current across reconnects; see `QuestionPage`. */
export function useQuestionPage({ client, questionId, draftStorage, clock }: QuestionPageOptions): QuestionPageState {
  const source = useMemo(() => pageSource({ client, questionId, draftStorage, clock }), [client, questionId, draftStorage, clock]);
  const { dispose: _dispose, ...state } = useStore(source);
  return state;
}
