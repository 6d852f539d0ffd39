import { useCallback, type ErrorInfo, type KeyboardEventHandler, type RefObject } from "react";
import { DOCK_ATTR } from "../hooks/use-prompt-focus";
import { useDockFocus } from "../hooks/use-dock-focus";
import { useDockKeyboard } from "../hooks/use-dock-keyboard";
import { useResolvedLayout, type DockLayoutMode } from "../hooks/use-layout-mode";
import { useActiveRecord } from "../hooks/use-active-request";
import { useDockStore, useThemeAttribute } from "../hooks/dock-context";
import { useMessages } from "../hooks/use-messages";
import { useDockElementRef } from "../hooks/reopen-dock";
import { useFeatureViews } from "../hooks/use-feature-views";
import { CollapsedBar } from "./CollapsedBar";
import { DockAttention } from "./DockAttention";
import { DockErrorBoundary } from "./DockErrorBoundary";
import { DockHeader } from "./DockHeader";
import { useDockLayout } from "./DockLayout";
import { LiveAnnouncer } from "./LiveAnnouncer";
import { PromptError } from "./PromptError";
import { QuestionPrompt } from "./QuestionPrompt";
import { PermissionNotice } from "./PermissionNotice";
import { RejectedNotice } from "./RejectedNotice";

/** Props of `QuestionDock`. */
export interface QuestionDockProps {
  /** "auto" shows stacked cards on narrow or coarse-pointer screens, else the stepper. @default "auto" */
  layout?: DockLayoutMode;
  /** The composer to focus after collapsing or answering; without it the enclosing `DockLayout` finds one. */
  composerRef?: RefObject<HTMLElement | null>;
  /** Replaces the default focus hand-back after Collapse or Esc. */
  onCollapse?: () => void;
  /** Runs before the dock's own keys; call preventDefault to keep a key from the dock. */
  onKeyDown?: KeyboardEventHandler<HTMLElement>;
  /** Delay before a single-select pick moves on; 0 turns it off. @default 250 */
  autoAdvanceMs?: number;
  /** Told when a prompt fails to render; the dock shows a plain message in its place either way. */
  onRenderError?: (error: Error, info: ErrorInfo) => void;
  /** While blocking questions wait, the page title carries their count: "(1) ❓ " and the title. @default false */
  titleCount?: boolean;
  /**
   * A system notification when a blocking question arrives while the page is hidden; ask for the permission with
   * `requestNotificationPermission` from a person's click. @default false
   */
  notifications?: boolean;
  /** Alt+Shift+Q (`REOPEN_DOCK_KEYS`) anywhere on the page reopens the dock at its question. @default true */
  reopenShortcut?: boolean;
  className?: string;
}

/** The question dock: the active request's prompt, or a slim indicator when collapsed, or nothing when idle. */
export function QuestionDock({ layout = "auto", composerRef, onCollapse, onKeyDown, autoAdvanceMs, onRenderError, titleCount = false, notifications = false, reopenShortcut = true, className }: QuestionDockProps) {
  // Only what the dock itself shows: submission and connection changes re-render the parts that show them.
  const record = useActiveRecord();
  const collapsed = useDockStore((s) => s.collapsed);
  const actions = useDockStore((s) => s.actions);
  const dockLabel = useMessages().dockLabel;
  const theme = useThemeAttribute();
  const mode = useResolvedLayout(layout);
  const dockRef = useDockElementRef();
  const layoutApi = useDockLayout();
  // Views of opt-in features come with the feature the store was given, so a blocking-only dock bundles none.
  const { ProblemNotice } = useFeatureViews();
  const focusComposer = useCallback(() => {
    if (composerRef?.current) composerRef.current.focus();
    else layoutApi?.focusComposer();
  }, [composerRef, layoutApi]);
  const collapse = useCallback(() => {
    actions.collapse();
    if (onCollapse) onCollapse();
    else focusComposer();
  }, [actions, onCollapse, focusComposer]);
  const handleKeyDown = useDockKeyboard({ mode, onCollapse: collapse, onKeyDown });
  const { focusProps, claimFocus } = useDockFocus(record?.id, focusComposer);
  const expand = useCallback(() => {
    claimFocus();
    actions.expand();
  }, [claimFocus, actions]);
  const classes = ["qd-dock", className].filter(Boolean).join(" ");
  const attrs = { [DOCK_ATTR]: "" };
  return (
    <>
      {record && (
        <section
          ref={dockRef}
          className={classes}
          aria-label={dockLabel}
          data-theme={theme}
          data-layout={mode}
          data-state={collapsed ? "collapsed" : "expanded"}
          onKeyDown={collapsed ? undefined : handleKeyDown}
          {...focusProps}
          {...attrs}
        >
          {collapsed ? (
            <CollapsedBar onExpand={expand} />
          ) : (
            // Untrusted records reach the views: one that breaks rendering must not take the host app down with it.
            <DockErrorBoundary resetKey={record.id} fallback={() => <PromptError record={record} onSkip={() => void actions.skip(record.id)} />} {...(onRenderError ? { onError: onRenderError } : {})}>
              <DockHeader onCollapse={collapse} showQuestionHeader={mode === "stepper"} />
              <QuestionPrompt key={`${record.id}:${mode}`} requestId={record.id} mode={mode} {...(autoAdvanceMs === undefined ? {} : { autoAdvanceMs })} />
            </DockErrorBoundary>
          )}
        </section>
      )}
      <RejectedNotice />
      <PermissionNotice />
      {ProblemNotice && <ProblemNotice />}
      <LiveAnnouncer />
      <DockAttention titleCount={titleCount} notifications={notifications} reopenShortcut={reopenShortcut} />
    </>
  );
}
