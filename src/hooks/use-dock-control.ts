import { useEffect, useRef, useState } from "react";
import { useDockStore, useDockStoreApi } from "./dock-context";

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

/** Keeps the store's collapse and active request in line with a host's props and reports their changes; returns what to render. */
export function useDockControl({ open, defaultOpen, onOpenChange, activeRequestId, onActiveRequestChange }: DockControlOptions): { collapsed: boolean } {
  const api = useDockStoreApi();
  const storeCollapsed = useDockStore((s) => s.collapsed);
  const activeId = useDockStore((s) => s.activeId);
  const wantedPending = useDockStore((s) => activeRequestId !== undefined && s.records.has(activeRequestId));
  const reports = useRef({ onOpenChange, onActiveRequestChange });
  // Changes the dock makes only to follow the host's props are not the host's news.
  const following = useRef(false);
  const [initialOpen] = useState(defaultOpen);
  useEffect(() => {
    reports.current = { onOpenChange, onActiveRequestChange };
  }, [onOpenChange, onActiveRequestChange]);
  useEffect(
    () =>
      api.subscribe((s, prev) => {
        if (following.current) return;
        if (s.collapsed !== prev.collapsed) reports.current.onOpenChange?.(!s.collapsed);
        if (s.activeId !== prev.activeId) reports.current.onActiveRequestChange?.(s.activeId ?? undefined);
      }),
    [api],
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
  return { collapsed: open === undefined ? storeCollapsed : !open };
}
