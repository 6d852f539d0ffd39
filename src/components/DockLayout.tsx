import { createContext, useEffect, useMemo, useRef, type ReactNode, type RefObject } from "react";
import { useThemeAttribute } from "../hooks/dock-context";

/** What the layout offers the dock: a way to hand focus back to whichever composer is rendered. */
export interface DockLayoutApi {
  focusComposer(): void;
}

/** The layout around a dock, or null when the dock is rendered without `DockLayout`. */
export const DockLayoutContext = createContext<DockLayoutApi | null>(null);

/** Props of `DockLayout`. */
export interface DockLayoutProps {
  transcript?: ReactNode;
  dock?: ReactNode;
  /** Any composer, including one a plugin supplies; the dock never depends on which. */
  composer?: ReactNode;
  className?: string;
}

const COMPOSER_FOCUS = "textarea, [contenteditable]:not([contenteditable='false']), input:not([type='hidden']), button, [tabindex]:not([tabindex='-1'])";

// The custom property DockLayout keeps equal to the visual viewport's height; the stylesheet falls back to 100dvh.
const VIEWPORT_HEIGHT_PROPERTY = "--qd-viewport-height";

// An on-screen keyboard shrinks the visual viewport, not always the layout viewport (iOS), so `dvh` alone would
// leave the dock under the keyboard. Pinch zoom also shrinks it; multiplying by the scale keeps zoom out of it.
function useVisualViewportHeight(target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = target.current;
    const vv = typeof window === "undefined" ? undefined : window.visualViewport;
    if (!el || !vv) return;
    const sync = () => el.style.setProperty(VIEWPORT_HEIGHT_PROPERTY, `${Math.round(vv.height * (vv.scale || 1))}px`);
    sync();
    vv.addEventListener("resize", sync);
    return () => {
      vv.removeEventListener("resize", sync);
      el.style.removeProperty(VIEWPORT_HEIGHT_PROPERTY);
    };
  }, [target]);
}

/** The chat column: transcript, then the dock docked above the composer, each in its own slot. */
export function DockLayout({ transcript, dock, composer, className }: DockLayoutProps) {
  const composerSlot = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const theme = useThemeAttribute();
  useVisualViewportHeight(root);
  const api = useMemo<DockLayoutApi>(
    () => ({
      focusComposer: () => composerSlot.current?.querySelector<HTMLElement>(COMPOSER_FOCUS)?.focus(),
    }),
    [],
  );
  return (
    <DockLayoutContext.Provider value={api}>
      <div className={className ? `qd-layout ${className}` : "qd-layout"} data-theme={theme} ref={root}>
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
