import type { ConnectionState } from "../gateway/connection";
import type { QuestionRecord } from "../protocol/question-record";
import { useDockStore } from "./dock-context";
import { activeRecord, requestPosition } from "../store/dock/selectors";
import type { DockActions, Submission } from "../store/dock/state";

/** The dock-level state a view needs: the active request, where it sits among the pending ones, and the actions. */
export interface QuestionDockState {
  /** The active pending request, or undefined when nothing waits. */
  record: QuestionRecord | undefined;
  /** 1-based position of the active request among `count` pending requests; 0 when none. */
  index: number;
  count: number;
  collapsed: boolean;
  submission: Submission;
  connection: ConnectionState;
  actions: DockActions;
}

const IDLE: Submission = { status: "idle" };

/** Reads the active request and dock-wide flags; re-renders only when one of them changes. */
export function useQuestionDock(): QuestionDockState {
  const record = useDockStore(activeRecord);
  const index = useDockStore((s) => requestPosition(s).index);
  const count = useDockStore((s) => s.order.length);
  const collapsed = useDockStore((s) => s.collapsed);
  const submission = useDockStore((s) => (s.activeId ? s.submissions.get(s.activeId) : undefined) ?? IDLE);
  const connection = useDockStore((s) => s.connection.state);
  const actions = useDockStore((s) => s.actions);
  return { record, index, count, collapsed, submission, connection, actions };
}
