import { useQuestionNotifications } from "../hooks/use-question-notifications";
import { useQuestionTitle } from "../hooks/use-question-title";
import { useReopenShortcut } from "../hooks/use-reopen-shortcut";

/** Props of `DockAttention`. */
export interface DockAttentionProps {
  titleCount: boolean;
  notifications: boolean;
  reopenShortcut: boolean;
}

/** Renders nothing: the page-level attention hooks live in this leaf so their updates never re-render the dock. */
export function DockAttention({ titleCount, notifications, reopenShortcut }: DockAttentionProps) {
  useQuestionTitle(titleCount);
  useQuestionNotifications(notifications);
  useReopenShortcut(reopenShortcut);
  return null;
}
