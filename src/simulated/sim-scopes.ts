import { GatewayErrorCode } from "../protocol/errors";
import type { QuestionRecord } from "../protocol/question-record";
import { SimMethodError } from "./sim-errors";

const ADMIN = "operator.admin";
const READ = "operator.read";
const WRITE = "operator.write";
const QUESTIONS = "operator.questions";
const SESSIONS_READ = "operator.sessions.read";
const SESSIONS_WRITE = "operator.sessions.write";

/** Every operator scope this gateway can grant, the session scopes included. */
export const SIM_KNOWN_SCOPES: readonly string[] = [ADMIN, READ, WRITE, "operator.approvals", QUESTIONS, "operator.pairing", SESSIONS_READ, SESSIONS_WRITE];

/** The narrower scope a session method also accepts, when the caller has a verified profile (OpenClaw 2026.9.6). */
const SESSION_SCOPE_OF: Readonly<Record<string, string>> = {
  "question.request": SESSIONS_WRITE,
  "question.list": SESSIONS_WRITE,
  "question.get": SESSIONS_WRITE,
  "question.resolve": SESSIONS_WRITE,
  "question.waitAnswer": SESSIONS_WRITE,
  "chat.send": SESSIONS_WRITE,
  "chat.abort": SESSIONS_WRITE,
  "chat.history": SESSIONS_READ,
};

/** True when granted scopes cover `required`: admin covers all; write covers read and both session scopes; read or session write cover session read. */
export function scopeSatisfied(required: string, granted: readonly string[]): boolean {
  if (granted.includes(required) || granted.includes(ADMIN)) return true;
  if ((required === READ || required === SESSIONS_READ || required === SESSIONS_WRITE) && granted.includes(WRITE)) return true;
  return required === SESSIONS_READ && (granted.includes(READ) || granted.includes(SESSIONS_WRITE));
}

/** Who is calling: the granted scopes and, for a guest, the verified profile its token stands for. */
export interface SimCaller {
  scopes: readonly string[];
  profileId?: string;
}

/** The gateway's refusal of session-scoped access to a caller without a verified profile (the shared-token owner). */
export function profileRequired(): SimMethodError {
  return new SimMethodError({ code: GatewayErrorCode.Forbidden, message: "Session-scoped access requires a verified user profile." });
}

/** The gateway's refusal of a guest's write in a session it did not create (OpenClaw 2026.9.6). */
export function ownSessionRequired(): SimMethodError {
  return new SimMethodError({ code: GatewayErrorCode.Forbidden, message: "Session-scoped writes require your own session." });
}

/** True when a call was admitted through operator.sessions.write alone (a guest without operator.write). */
export function writesAsGuest(caller: SimCaller): caller is SimCaller & { profileId: string } {
  return caller.profileId !== undefined && !scopeSatisfied(WRITE, caller.scopes);
}

/** Events a connection hears only with operator.read (or what covers it), as the gateway's event scope guards say. */
const READ_EVENTS: ReadonlySet<string> = new Set(["chat", "agent", "session.message"]);

/** Whether granted scopes let a connection hear an event that is not a question event: `chat`, `agent` and `session.message` need operator.read. */
export function eventScopeSatisfied(event: string, granted: readonly string[]): boolean {
  return !READ_EVENTS.has(event) || scopeSatisfied(READ, granted);
}

/**
 * Admits a call: the method's own scope, else its session scope for a caller with a verified profile.
 * Returns undefined when admitted; otherwise the scope to report missing, or "profile" when only a profile is lacking.
 */
export function admission(method: string, required: string, caller: SimCaller): string | undefined {
  if (scopeSatisfied(required, caller.scopes)) return undefined;
  const session = SESSION_SCOPE_OF[method];
  if (session === undefined || !scopeSatisfied(session, caller.scopes)) return required;
  return caller.profileId ? undefined : "profile";
}

/** True when the caller only has own-run question access (no operator.questions, no admin). */
export function ownRunAccessOnly(caller: SimCaller): boolean {
  return !scopeSatisfied(QUESTIONS, caller.scopes);
}

/**
 * Whether a caller may see and answer a question: full access sees all; own-run access sees only an ordinary
 * (not secret) question with a session, asked by a run of the caller's own profile.
 */
export function canSeeQuestion(caller: SimCaller, record: QuestionRecord, askedBy: string | undefined): boolean {
  if (!ownRunAccessOnly(caller)) return true;
  if (!caller.profileId || askedBy !== caller.profileId) return false;
  return record.sessionKey !== undefined && !record.questions.some((q) => q.secretStore !== undefined);
}
