import { useCallback, useLayoutEffect, useState } from "react";
import type { QuestionRecord } from "../protocol/question-record";
import type { DockState } from "../store/dock/state";
import { useDockStore, useDockStoreApi } from "./dock-context";
import { focusMemoryOf } from "./use-prompt-focus";
import { REOPEN_DOCK_KEYS } from "./keyboard-intent";
import { useWords } from "./use-messages";

/** What the slim bar of a collapsed dock shows. */
export interface CollapsedBarState {
  /** Pending requests, blocking and async. */
  count: number;
  /** Questions inside async prompts, which carry up to 12 each. */
  asyncQuestions: number;
  /** The newest blocking request, or the newest async one when none blocks. */
  newest: QuestionRecord | undefined;
  /** `newest` arrived while the bar was shown: a blocking question the person has not seen yet. */
  isNew: boolean;
  /** Spread on the Expand button: it reopens the dock and puts focus on its question. */
  expandProps: { type: "button"; "aria-label": string; "aria-keyshortcuts": string; title: string; onClick(): void };
}

const asyncQuestionCount = (s: DockState) => [...s.asyncOrigins.keys()].reduce((n, id) => n + (s.records.get(id)?.questions.length ?? 0), 0);

/** The collapsed bar's count, newest question and "new" mark; call it only while collapsed, since "new" counts from then. */
export function useCollapsedBar(): CollapsedBarState {
  const api = useDockStoreApi();
  const m = useWords().messages;
  const count = useDockStore((s) => s.order.length);
  const asyncQuestions = useDockStore(asyncQuestionCount);
  // Pending ids run in arrival order (the gateway's creation order), so the newest is the last one.
  const newestId = useDockStore((s) => s.order.findLast((id) => !s.asyncOrigins.get(id)) ?? s.order.at(-1));
  const newest = useDockStore((s) => (newestId === undefined ? undefined : s.records.get(newestId)));
  const [arrived, setArrived] = useState<ReadonlySet<string>>(() => new Set());
  // At the commit itself: a passive effect runs after the browser paints, and a request arriving in between is missed.
  useLayoutEffect(
    () =>
      api.getState().actions.onRequestChange((change) => {
        if (change.type === "arrived" && change.blocking) setArrived((ids) => new Set(ids).add(change.record.id));
      }),
    [api],
  );
  // The person asked for the prompt: it takes focus as it appears, async or not (see useDockFocus).
  const expand = useCallback(() => {
    focusMemoryOf(api).heldBy = api.getState().activeId;
    api.getState().actions.expand();
  }, [api]);
  const expandProps = { type: "button", "aria-label": m.expandLabel, "aria-keyshortcuts": REOPEN_DOCK_KEYS, title: m.attention.reopenShortcut, onClick: expand } as const;
  return { count, asyncQuestions, newest, isNew: newest !== undefined && arrived.has(newest.id), expandProps };
}
