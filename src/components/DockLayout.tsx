import { createContext, useCallback, useEffect, useRef, type ReactNode } from "react";
import { useThemeAttribute } from "../hooks/dock-context";
import { classes } from "./view-props";

/** Hands focus back to whichever composer the enclosing `DockLayout` renders; null without one. */
export const DockLayoutContext = /* @__PURE__ */ createContext<(() => void) | null>(null);

/** Props of `DockLayout`. */
export interface DockLayoutProps {
  transcript?: ReactNode;
  dock?: ReactNode;
  /** Any composer, including one a plugin supplies; the dock never depends on which. */
  composer?: ReactNode;
  className?: string;
}

const COMPOSER_FOCUS = "textarea, [contenteditable]:not([contenteditable='false']), input:not([type='hidden']), button, [tabindex]:not([tabindex='-1'])";

/** The chat column: transcript, then the dock docked above the composer, each in its own slot. */
export function DockLayout({ transcript, dock, composer, className }: DockLayoutProps) {
  const composerSlot = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const theme = useThemeAttribute();
  // `dvh` alone leaves the dock under an on-screen keyboard on iOS; the scale keeps pinch zoom out of it.
  useEffect(() => {
    const el = root.current;
    const vv = typeof window === "undefined" ? undefined : window.visualViewport;
    if (!el || !vv) return;
    const sync = () => el.style.setProperty("--qd-viewport-height", `${Math.round(vv.height * (vv.scale || 1))}px`);
    sync();
    vv.addEventListener("resize", sync);
    return () => {
      vv.removeEventListener("resize", sync);
      el.style.removeProperty("--qd-viewport-height");
    };
  }, []);
  const focusComposer = useCallback(() => composerSlot.current?.querySelector<HTMLElement>(COMPOSER_FOCUS)?.focus(), []);
  return (
    <DockLayoutContext.Provider value={focusComposer}>
      <div className={classes("qd-layout", className)} data-theme={theme} ref={root}>
        {/* The slot scrolls, so it must take keyboard focus even when the transcript holds nothing focusable. */}
        <div className="qd-layout__transcript" tabIndex={0}>
          {transcript}
        </div>
        <div className="qd-layout__dock">{dock}</div>
        <div className="qd-layout__composer" ref={composerSlot}>
          {composer}
        </div>
      </div>
    </DockLayoutContext.Provider>
  );
}
