import { createContext, useCallback, useContext, useMemo, type ErrorInfo, type ReactNode, type RefObject } from "react";
import { useDockRoot, type DockRoot as DockRootState, type DockRootOptions } from "../hooks/use-dock-root";
import { useDockActions, useFeatureViews, useThemeAttribute } from "../hooks/dock-context";
import { useAnnouncement, useWords } from "../hooks/use-messages";
import { useQuestionNotifications, useQuestionTitle, useReopenShortcut } from "../hooks/use-attention";
import type { QuestionRecord } from "../protocol/question-record";
import { DockErrorBoundary } from "./DockErrorBoundary";
import { DockLayoutContext } from "./DockLayout";
import { PermissionNotice, RejectedNotice } from "./DockNotices";
import { classes, type ViewProps } from "./view-props";

/** What the root gives the parts inside it. */
export interface DockPartsValue extends Pick<DockRootState, "mode" | "step" | "collapsed" | "collapse" | "rootRef"> {
  record: QuestionRecord;
}

const DockPartsContext = /* @__PURE__ */ createContext<DockPartsValue | null>(null);

/** The nearest `QuestionDock.Root`'s request, mode, step and collapse, for a host's own part; throws outside one. */
export function useDockParts(): DockPartsValue {
  const value = useContext(DockPartsContext);
  if (!value) throw new Error("Question dock parts must be rendered inside <QuestionDock.Root>.");
  return value;
}

/** Gives the parts inside it what `useDockRoot` decided; for a root of other markup than `QuestionDock.Root`. */
export function DockPartsProvider({ dock, children }: { dock: DockRootState; children: ReactNode }) {
  const { record, mode, step, collapsed, collapse, rootRef } = dock;
  const value = useMemo(() => (record ? { record, mode, step, collapsed, collapse, rootRef } : null), [record, mode, step, collapsed, collapse, rootRef]);
  return <DockPartsContext.Provider value={value}>{value && children}</DockPartsContext.Provider>;
}

/** A failed prompt's stand-in: its raw text and Skip, so the agent is not left waiting on an unseen question. */
export function PromptError({ record, onSkip }: { record: QuestionRecord; onSkip: () => void }) {
  const questions = Array.isArray(record.questions) ? record.questions : [];
  const m = useWords().messages;
  return (
    <div className="qd-prompt-error" role="alert">
      <p className="qd-prompt-error__title">{m.promptError.title}</p>
      {questions.length > 0 && (
        <ul className="qd-prompt-error__questions" aria-label={m.promptError.questionText}>
          {questions.map((q, i) => (
            <li key={i}>{String(q?.question ?? "")}</li>
          ))}
        </ul>
      )}
      <p className="qd-prompt-error__hint">{m.promptError.hint}</p>
      <button type="button" className="qd-button" onClick={onSkip}>
        {m.footer.skip}
      </button>
    </div>
  );
}

// A leaf of its own: the announcements and the page-level attention hooks update without re-rendering the dock.
function DockAttention({ titleCount, notifications, reopenShortcut }: { titleCount: boolean; notifications: boolean; reopenShortcut: boolean }) {
  useQuestionTitle(titleCount);
  useQuestionNotifications(notifications);
  useReopenShortcut(reopenShortcut);
  const { text, n } = useAnnouncement();
  return (
    <div className="qd-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {/* A new node per announcement, so the same words twice are still read twice. */}
      <span key={n}>{text}</span>
    </div>
  );
}

/** Props of `QuestionDock.Root`, and of `QuestionDock`: `useDockRoot`'s options and the dock's own. */
export interface QuestionDockRootProps extends Omit<DockRootOptions, "focusComposer" | "collapsible" | "requestId">, ViewProps {
  /** The composer to focus after collapsing or answering; without it the enclosing `DockLayout` finds one. */
  composerRef?: RefObject<HTMLElement | null>;
  /** Told when a prompt fails to render; the dock shows a plain message in its place either way. */
  onRenderError?: (error: Error, info: ErrorInfo) => void;
  /** While blocking questions wait, the page title carries their count: "(1) ❓ " and the title. @default false */
  titleCount?: boolean;
  /** Notifies of a blocking question while the page is hidden (`requestNotificationPermission`). @default false */
  notifications?: boolean;
  /** Alt+Shift+Q (`REOPEN_DOCK_KEYS`) anywhere on the page reopens the dock at its question. @default true */
  reopenShortcut?: boolean;
  /** The parts, in any order and markup; they render only while a request waits. */
  children?: ReactNode;
}

/** The dock's outer element, with every key, focus decision and announcement, and the notices beside it. */
export function DockRoot({ composerRef, onRenderError, titleCount = false, notifications = false, reopenShortcut = true, className, style, children, ...options }: QuestionDockRootProps) {
  const actions = useDockActions();
  const dockLabel = useWords().messages.dockLabel;
  const theme = useThemeAttribute();
  const focusLayoutComposer = useContext(DockLayoutContext);
  // Views of opt-in features come with the feature the store was given, so a blocking-only dock bundles none.
  const { ProblemNotice } = useFeatureViews();
  const focusComposer = useCallback(() => (composerRef?.current ? composerRef.current.focus() : focusLayoutComposer?.()), [composerRef, focusLayoutComposer]);
  const dock = useDockRoot({ ...options, focusComposer });
  const { record } = dock;
  return (
    <>
      {record && (
        <section className={classes("qd-dock", className)} style={style} aria-label={dockLabel} data-theme={theme} {...dock.rootProps}>
          <DockPartsProvider dock={dock}>
            {dock.collapsed ? (
              children
            ) : (
              // Untrusted records reach the views: one that breaks rendering must not take the host app down with it.
              <DockErrorBoundary resetKey={record.id} fallback={<PromptError record={record} onSkip={() => void actions.skip(record.id)} />} {...(onRenderError ? { onError: onRenderError } : {})}>
                {children}
              </DockErrorBoundary>
            )}
          </DockPartsProvider>
        </section>
      )}
      <RejectedNotice />
      <PermissionNotice />
      {ProblemNotice && <ProblemNotice />}
      <DockAttention titleCount={titleCount} notifications={notifications} reopenShortcut={reopenShortcut} />
    </>
  );
}
