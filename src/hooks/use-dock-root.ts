import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEventHandler, type RefObject } from "react";
import type { QuestionRecord } from "../protocol/question-record";
import { activeRecord, hasReviewStep } from "../store/dock/selectors";
import { useDockActions, useDockStore, useDockStoreApi } from "./dock-context";
import { AUTO_ADVANCE_DELAY_MS, useAutoAdvance } from "./use-auto-advance";
import { useDockKeyboard } from "./use-dock-keyboard";
import { useResolvedLayout, type DockLayoutMode, type PromptMode } from "./use-layout-mode";
import { useWords } from "./use-messages";
import { DOCK_ATTR, focusMemoryOf, useDockFocus } from "./use-prompt-focus";

/** Collapse and the active request, controlled by a host or left to the dock; the callbacks report every change. */
export interface DockControlOptions {
  /** Controls whether the dock is expanded; the store follows it. Leave it out to let the dock decide. */
  open?: boolean | undefined;
  /** Whether the dock starts expanded when `open` is left out. @default true */
  defaultOpen?: boolean | undefined;
  /** Told of every collapse and expand, whoever made it: a key, a button, the reopen shortcut, the store. */
  onOpenChange?: ((open: boolean) => void) | undefined;
  /** Controls which pending request the dock shows, while it is pending; the store follows it. */
  activeRequestId?: string | undefined;
  /** Told whenever the request the dock shows changes: the arrows, an arrival, an answer. */
  onActiveRequestChange?: ((requestId: string | undefined) => void) | undefined;
}

/** Options of `useDockRoot`. */
export interface DockRootOptions extends DockControlOptions {
  /** "auto" shows stacked cards on narrow or coarse-pointer screens, else the stepper. @default "auto" */
  layout?: DockLayoutMode | undefined;
  /** Where focus goes after Collapse or Esc: the host's composer. */
  focusComposer?: (() => void) | undefined;
  /** Told after Collapse or Esc, once focus went back to the composer. */
  onCollapse?: (() => void) | undefined;
  /** Shows this request rather than the active one (a page of one question). */
  requestId?: string | undefined;
  /** False where there is nothing to collapse into (a page of its own): Esc then does nothing. @default true */
  collapsible?: boolean | undefined;
  /** Runs before the dock's own keys; call preventDefault to keep a key from the dock. */
  onKeyDown?: KeyboardEventHandler<HTMLElement> | undefined;
  /** Delay before a single-select pick moves on; 0 turns it off. @default 250 */
  autoAdvanceMs?: number | undefined;
}

/** The state a host styles, as the dock's `data-state`. */
export type DockPhase = "collapsed" | "answering" | "reviewing" | "submitting" | "failed";

/** Props for the dock's outer element: the keys, the focus decisions and the state attributes. */
export interface DockRootProps {
  ref(el: HTMLElement | null): void;
  "data-layout": PromptMode;
  "data-state": DockPhase;
  onKeyDown: KeyboardEventHandler<HTMLElement> | undefined;
  onFocus(): void;
  onBlur(event: FocusEvent<HTMLElement>): void;
  [attribute: `data-${string}`]: string | undefined;
}

/** What `useDockRoot` gives a dock of any markup. */
export interface DockRoot {
  /** The active pending request, or undefined when nothing waits. */
  record: QuestionRecord | undefined;
  collapsed: boolean;
  mode: PromptMode;
  /** The request's step: 0-based, equal to its question count on the review step. */
  step: number;
  phase: DockPhase;
  /** Spread on the element that holds the whole dock, so every key pressed inside it reaches the dock. */
  rootProps: DockRootProps;
  collapseProps: { type: "button"; title: string; onClick(): void };
  collapse(): void;
  /** The element `rootProps` is spread on. */
  rootRef: RefObject<HTMLElement | null>;
}

const noop = () => {};
const flag = (on: boolean) => (on ? "" : undefined);

function phaseOf(collapsed: boolean, submission: string | undefined, reviewing: boolean): DockPhase {
  if (collapsed) return "collapsed";
  if (submission === "submitting" || submission === "uncertain") return "submitting";
  if (submission === "error") return "failed";
  return reviewing ? "reviewing" : "answering";
}

// Follows a host's props for collapse and the active request; true when the dock renders collapsed.
function useDockControl({ open, defaultOpen, onOpenChange, activeRequestId, onActiveRequestChange }: DockControlOptions): boolean {
  const api = useDockStoreApi();
  const storeCollapsed = useDockStore((s) => s.collapsed);
  const activeId = useDockStore((s) => s.activeId);
  const wantedPending = useDockStore((s) => activeRequestId !== undefined && s.records.has(activeRequestId));
  // Changes the dock makes only to follow the host's props are not the host's news.
  const following = useRef(false);
  const [initialOpen] = useState(defaultOpen);
  useEffect(
    () =>
      api.subscribe((s, prev) => {
        if (following.current) return;
        if (s.collapsed !== prev.collapsed) onOpenChange?.(!s.collapsed);
        if (s.activeId !== prev.activeId) onActiveRequestChange?.(s.activeId ?? undefined);
      }),
    [api, onOpenChange, onActiveRequestChange],
  );
  useEffect(() => {
    if (initialOpen === false) api.getState().actions.collapse();
  }, [api, initialOpen]);
  useEffect(() => {
    const s = api.getState();
    const follow = open !== undefined && open === s.collapsed ? (open ? s.actions.expand : s.actions.collapse) : undefined;
    const show = activeRequestId !== undefined && wantedPending && s.activeId !== activeRequestId ? activeRequestId : undefined;
    if (!follow && show === undefined) return;
    following.current = true;
    follow?.();
    if (show !== undefined) s.actions.showRequest(show);
    following.current = false;
  }, [api, open, storeCollapsed, activeRequestId, activeId, wantedPending]);
  return open === undefined ? storeCollapsed : !open;
}

/** The dock's root for any markup: keys, the once-per-arrival focus decision, auto-advance and state attributes. */
export function useDockRoot({ layout = "auto", focusComposer = noop, onCollapse, collapsible = true, requestId, onKeyDown, autoAdvanceMs, ...control }: DockRootOptions = {}): DockRoot {
  const record = useDockStore((s) => (requestId === undefined ? activeRecord(s) : s.records.get(requestId)));
  const id = record?.id ?? "";
  const collapsed = useDockControl(control);
  const actions = useDockActions();
  const step = useDockStore((s) => s.views.get(id)?.step ?? 0);
  const submission = useDockStore((s) => s.submissions.get(id)?.status);
  const isAsync = useDockStore((s) => s.asyncOrigins.get(id) !== undefined);
  const m = useWords().messages;
  const mode = useResolvedLayout(layout);
  const rootRef = useRef<HTMLElement | null>(null);
  const store = useDockStoreApi();
  const ref = useCallback(
    (el: HTMLElement | null) => {
      rootRef.current = el;
      // Where a reopen finds this store's prompt to focus.
      focusMemoryOf(store).dock = el;
    },
    [store],
  );
  const collapse = useCallback(() => {
    if (!collapsible) return;
    actions.collapse();
    focusComposer();
    onCollapse?.();
  }, [actions, collapsible, focusComposer, onCollapse]);
  const handleKeyDown = useDockKeyboard(mode, collapse, onKeyDown);
  const shown = record && !collapsed ? record.id : undefined;
  const focusProps = useDockFocus(rootRef, record?.id, shown !== undefined, mode === "stepper" ? step : "stacked", !isAsync, focusComposer);
  useAutoAdvance(mode === "stepper" ? shown : undefined, autoAdvanceMs ?? AUTO_ADVANCE_DELAY_MS);
  const reviewing = record !== undefined && mode === "stepper" && hasReviewStep(record) && step >= record.questions.length;
  const phase = phaseOf(collapsed, submission, reviewing);
  return {
    record,
    collapsed,
    mode,
    step,
    phase,
    rootRef,
    collapse,
    collapseProps: { type: "button", title: m.collapseTitle, onClick: collapse },
    rootProps: {
      ref,
      "data-layout": mode,
      "data-state": phase,
      // Each state a host styles, also alone: a failed submit on the review step is both failed and reviewing.
      "data-collapsed": flag(collapsed),
      "data-answering": flag(!collapsed && !reviewing),
      "data-reviewing": flag(!collapsed && reviewing),
      "data-submitting": flag(phase === "submitting"),
      "data-failed": flag(phase === "failed"),
      [DOCK_ATTR]: "",
      onKeyDown: collapsed ? undefined : handleKeyDown,
      ...focusProps,
    },
  };
}
