// What the dock learned the connection may not do, as state, and how each thing learned changes it; what notices a
// refusal or a hidden record sits in effects/gateway-sync.ts.

/** How many refusals the state keeps; one per method is the usual case. */
const MAX_NOTICES = 10;
/** How many hidden questions the state lists for the details view; older ones are dropped first. */
const MAX_HIDDEN = 50;

/** A call the gateway refused for lack of permission (`FORBIDDEN`), kept so the view can say so in words. */
export interface PermissionNotice {
  /** The refused method, e.g. "question.list". */
  method: string;
  /** The scope the gateway named in `details.missingScope`, when it named one. */
  missingScope?: string;
  /** The gateway's own message (untrusted text; render as text). */
  message: string;
  at: number;
}

/**
 * Why a question this connection heard of is not shown. Without `operator.questions` the gateway lets a
 * connection answer only ordinary questions of its own agent runs in its own session, so the dock hides
 * secret prompts, questions with no session, and questions no agent run asked (an operator's own `question.request`).
 */
export type HiddenReason = "secret" | "sessionless" | "admin";

/** A question kept out of the dock, with its reason, for a details view. */
export interface HiddenQuestion {
  id: string;
  reason: HiddenReason;
  at: number;
}

/** What the connection may not do, as the dock learned it. */
export interface PermissionState {
  notices: PermissionNotice[];
  hidden: HiddenQuestion[];
}

/** The empty permission state of a new dock. */
export function emptyPermissions(): PermissionState {
  return { notices: [], hidden: [] };
}

/** The state after a refusal: one notice per method, the newest kept. */
export function withRefusal(state: PermissionState, notice: PermissionNotice): PermissionState {
  return { ...state, notices: [...state.notices.filter((n) => n.method !== notice.method), notice].slice(-MAX_NOTICES) };
}

/** The state once a refused method went through; the same object when it held no refusal for it. */
export function withoutRefusal(state: PermissionState, method: string): PermissionState {
  return state.notices.some((n) => n.method === method) ? { ...state, notices: state.notices.filter((n) => n.method !== method) } : state;
}

/** The state with a hidden question listed; the same object when it is listed already. */
export function withHidden(state: PermissionState, hidden: HiddenQuestion): PermissionState {
  if (state.hidden.some((h) => h.id === hidden.id)) return state;
  return { ...state, hidden: [...state.hidden, hidden].slice(-MAX_HIDDEN) };
}
