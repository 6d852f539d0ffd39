import { createContext, useContext, useMemo, useRef, type ReactNode } from "react";

/** What the layout offers the dock: a way to hand focus back to whichever composer is rendered. */
export interface DockLayoutApi {
  focusComposer(): void;
}

const DockLayoutContext = createContext<DockLayoutApi | null>(null);

/** The layout around a dock, or null when the dock is rendered without `DockLayout`. */
export function useDockLayout(): DockLayoutApi | null {
  return useContext(DockLayoutContext);
}

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
  const api = useMemo<DockLayoutApi>(
    () => ({
      focusComposer: () => composerSlot.current?.querySelector<HTMLElement>(COMPOSER_FOCUS)?.focus(),
    }),
    [],
  );
  return (
    <DockLayoutContext.Provider value={api}>
      <div className={className ? `qd-layout ${className}` : "qd-layout"}>
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
