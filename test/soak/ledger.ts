// The soak's bookkeeping: what each episode meant to answer, what the gateway recorded, what the page shows,
// and the verdict that compares them. Pure: no browser, no gateway.

/** The fault kinds of the blocking episodes: a question the person answers while the agent's run waits. */
export const BLOCKING_KINDS = [
  "gateway-kill",
  "socket-drop",
  "reload-mid-send",
  "expire-offline",
  "other-tab",
  "run-abort",
  "frames-dup",
  "frames-swap",
  "frames-delay",
  "frames-c2s",
] as const;

/**
 * The fault kinds of the async episodes, on the Codex gateway: an answer to an async question, sent as a chat message
 * by the outbox, with the Codex gateway killed, its socket dropped, the page reloaded or the frames of the send
 * duplicated or delayed around the send.
 */
export const ASYNC_KINDS = ["async-gateway-kill", "async-socket-drop", "async-reload-mid-send", "async-frames"] as const;

/** The fault kinds the soak injects. */
export const FAULT_KINDS = [...BLOCKING_KINDS, ...ASYNC_KINDS] as const;

/** One fault kind. */
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Whether `kind` is an async episode's. */
export const isAsyncKind = (kind: FaultKind): boolean => (ASYNC_KINDS as readonly string[]).includes(kind);

/** Answers as the gateway keeps them: question id → values. */
export type AnswerMap = Record<string, string[]>;

/** What the gateway knows of a request at the end of its episode. */
export interface GatewayTruth {
  /** `gone`: question.get says QUESTION_NOT_FOUND (a restart) and nothing terminal was seen before. */
  status: "pending" | "answered" | "cancelled" | "expired" | "gone";
  answers?: AnswerMap;
  resolvedBy?: string;
  /** How many `question.resolved` events the admin client saw for it (more than one is a double resolve). */
  resolvedEvents: number;
  /** Seen terminal before a restart wiped it (so `question.get` alone no longer tells). */
  fromLogBeforeRestart?: boolean;
}

/** The outcome words of a summary (`aria-label` "Question, …"), lower-cased, or what else the page shows. */
export type UiState =
  | { kind: "summary"; label: string; text: string }
  | { kind: "pending"; notSent: boolean; message: string }
  | { kind: "nothing" };

/** One episode's facts. */
export interface Episode {
  n: number;
  fault: FaultKind;
  variant: string;
  requestId: string;
  /** What the person submitted (answer or skip) in the page whose view is judged; undefined when they never submitted. */
  intended?: { kind: "answer"; answers: AnswerMap } | { kind: "skip" };
  /** Every `resolvedBy` the judged page sent with a `question.resolve` for this request (any load of it). */
  ownResolvers: string[];
  /** The page got an ok reply to one of its resolves for this request. */
  sawOkReply: boolean;
  truth: GatewayTruth;
  ui: UiState;
  /** Times the UI said the answer was not sent / did not arrive while the gateway already held it (checked once connected). */
  notSentButRecorded: number;
  /** Typed text the person should still see (in the field, or in the summary's unsent part) but did not. */
  draftsLost: number;
  /** Draft checks made (for the report). */
  draftChecks: number;
  /** Problems seen along the way, for the report. */
  notes: string[];
  /** Which load of the judged page the episode ended in. */
  pageLoad?: number;
  /** Async answers (Codex gateway): user messages in the saved history that carry the answer, and the summary's delivery words. */
  asyncDelivery?: { replies: number; status: string };
  /** Other tabs that showed the same request, each judged against the same record from its own side. */
  others?: { page: string; ui: UiState; ownResolvers: string[] }[];
}

/** How an episode scores. */
export interface Verdict {
  lost: number;
  duplicated: number;
  mislabelled: number;
  stuck: number;
  /** Recorded, then wiped by a restart before the page heard back: "Unavailable" is the most the page can know. */
  unknowable: number;
  why: string[];
}

const sameAnswers = (a: AnswerMap | undefined, b: AnswerMap | undefined) => {
  if (!a || !b) return false;
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && JSON.stringify(a[k]) === JSON.stringify(b[k]));
};

// The gateway's own cancels for the agent's side (docs/gateway-findings.md §10); another page's values start "control-ui:".
const AGENT_SIDE = new Set(["run-abort", "superseded-input", "requester-inactive", "image-reply", "wait-timeout", "prompt-delivery-failed", "tool-error", "registration-failed", "harness-error"]);
const OTHER_PAGE = "control-ui:";

/** The outcome label the page must show for this gateway record, seen from the page that sent `own`. */
export function expectedLabel(truth: GatewayTruth, own: readonly string[]): string | undefined {
  const ours = truth.resolvedBy !== undefined && own.includes(truth.resolvedBy);
  switch (truth.status) {
    case "answered":
      if (ours) return "answered";
      return truth.resolvedBy === undefined || truth.resolvedBy.startsWith(OTHER_PAGE) ? "answered elsewhere" : `ended: ${truth.resolvedBy}`;
    case "cancelled":
      if (ours) return "skipped";
      if (truth.resolvedBy === undefined || AGENT_SIDE.has(truth.resolvedBy)) return "cancelled";
      return truth.resolvedBy.startsWith(OTHER_PAGE) ? "skipped elsewhere" : `ended: ${truth.resolvedBy}`;
    case "expired":
      return "expired";
    case "gone":
      return "unavailable";
    default:
      return undefined;
  }
}

/** Scores one episode against the gateway's record. */
export function judge(e: Episode): Verdict {
  const v: Verdict = { lost: 0, duplicated: 0, mislabelled: 0, stuck: 0, unknowable: 0, why: [] };
  const { truth, ui } = e;
  if (e.asyncDelivery) return judgeAsync(e, e.asyncDelivery, v);
  const ours = truth.resolvedBy !== undefined && e.ownResolvers.includes(truth.resolvedBy);
  const shown = ui.kind === "summary" ? ui.label : ui.kind === "pending" ? (ui.notSent ? "not sent" : "still open") : "nothing";

  if (truth.resolvedEvents > 1) {
    v.duplicated += 1;
    v.why.push(`resolved ${truth.resolvedEvents} times`);
  }
  if (truth.status === "answered" && ours && e.intended?.kind === "answer" && !sameAnswers(truth.answers, e.intended.answers)) {
    v.duplicated += 1;
    v.why.push(`recorded ${JSON.stringify(truth.answers)} under our resolvedBy, but we sent ${JSON.stringify(e.intended.answers)}`);
  }
  if (e.notSentButRecorded > 0) {
    v.lost += 1;
    v.why.push(`the page said the answer was not sent while the gateway held it (${e.notSentButRecorded}×)`);
  }

  // A restart wiped a record the gateway had answered or skipped: the page can only know it if the reply arrived.
  if (truth.fromLogBeforeRestart && ours) {
    if (ui.kind === "summary" && ui.label === expectedLabel(truth, e.ownResolvers)) return v;
    if (ui.kind === "summary" && ui.label === "unavailable" && !e.sawOkReply) {
      // "Unavailable" is right, but saying the answer was not sent reports a recorded answer as lost.
      if (ui.text.includes("Your answer was not sent")) {
        v.lost += 1;
        v.why.push(`"Unavailable" says "Your answer was not sent" although the gateway had recorded it before the restart`);
      } else v.unknowable += 1;
      return v;
    }
  }

  for (const other of e.others ?? []) {
    const theirs = expectedLabel(truth, other.ownResolvers);
    const label = other.ui.kind === "summary" ? other.ui.label : other.ui.kind;
    if (theirs === undefined || label === theirs) continue;
    if (other.ui.kind === "summary") v.mislabelled += 1;
    else v.stuck += 1;
    v.why.push(`${other.page} shows "${label}", the gateway record says "${theirs}"`);
  }

  const want = expectedLabel(truth, e.ownResolvers);
  if (want === undefined) {
    // Still pending on the gateway after every retry.
    if (ui.kind === "summary" && (ui.label === "answered" || ui.label === "skipped")) {
      v.lost += 1;
      v.why.push(`the page shows "${ui.label}" but the gateway still has the question pending`);
    } else {
      v.stuck += 1;
      v.why.push(`still pending on the gateway; the page shows ${shown}`);
    }
    return v;
  }
  if (ui.kind !== "summary") {
    if (ours && truth.status === "answered") {
      v.lost += 1;
      v.why.push(`the gateway has our answer; the page shows ${shown}`);
    } else {
      v.stuck += 1;
      v.why.push(`the gateway says ${truth.status}; the page shows ${shown}`);
    }
    return v;
  }
  if (ui.label !== want) {
    // Claiming an answer or skip the gateway never got from us is a loss; any other disagreement mislabels.
    if ((ui.label === "answered" || ui.label === "skipped") && !ours && truth.status !== "answered") v.lost += 1;
    else v.mislabelled += 1;
    v.why.push(`the page shows "${ui.label}", the gateway record says "${want}" (status ${truth.status}, resolvedBy ${truth.resolvedBy ?? "none"})`);
  }
  return v;
}

// An async answer is a chat message: exactly one must reply to the delivery, and the summary must say it was sent.
function judgeAsync(e: Episode, d: { replies: number; status: string }, v: Verdict): Verdict {
  if (d.replies > 1) {
    v.duplicated += 1;
    v.why.push(`${d.replies} chat messages for one async answer`);
  }
  if (d.replies === 0 && d.status === "Answer sent") {
    v.lost += 1;
    v.why.push(`the summary says "Answer sent" but the history holds no reply`);
  } else if (d.replies >= 1 && d.status !== "Answer sent") {
    v.lost += 1;
    v.why.push(`the history holds the reply; the summary says "${d.status || "nothing"}"`);
  } else if (d.replies === 0) {
    v.stuck += 1;
    v.why.push(`no reply in the history; the summary says "${d.status || "nothing"}"`);
  }
  if (e.ui.kind === "summary" && e.ui.label !== "answered") {
    v.mislabelled += 1;
    v.why.push(`the summary says "${e.ui.label}" for our own answer`);
  }
  return v;
}

/** Totals over every episode. */
export interface Totals {
  faults: Record<FaultKind, number>;
  /** Blocking and async episodes. */
  episodes: { blocking: number; async: number };
  intended: number;
  /** Async answers submitted, those whose summary says "Answer sent", and those saved exactly once in the history. */
  asyncAnswers: { submitted: number; sent: number; savedOnce: number };
  lost: number;
  duplicated: number;
  mislabelled: number;
  stuck: number;
  unknowable: number;
  draftsLost: number;
  draftChecks: number;
  outcomes: Record<string, number>;
  /** Summaries that disagreed with the gateway when looked at again later (counted as mislabelled too). */
  audit: string[];
}

/** Adds up verdicts, and the later looks' disagreements as mislabels. */
export function total(episodes: readonly Episode[], audit: readonly string[] = []): Totals {
  const t: Totals = {
    faults: Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>,
    episodes: { blocking: 0, async: 0 },
    intended: 0,
    asyncAnswers: { submitted: 0, sent: 0, savedOnce: 0 },
    lost: 0,
    duplicated: 0,
    mislabelled: 0,
    stuck: 0,
    unknowable: 0,
    draftsLost: 0,
    draftChecks: 0,
    outcomes: {},
    audit: [],
  };
  for (const e of episodes) {
    const v = judge(e);
    t.faults[e.fault] += 1;
    if (e.asyncDelivery) {
      t.episodes.async += 1;
      t.asyncAnswers.submitted += 1;
      if (e.asyncDelivery.status === "Answer sent") t.asyncAnswers.sent += 1;
      if (e.asyncDelivery.replies === 1) t.asyncAnswers.savedOnce += 1;
    } else {
      t.episodes.blocking += 1;
      if (e.intended) t.intended += 1;
    }
    t.lost += v.lost;
    t.duplicated += v.duplicated;
    t.mislabelled += v.mislabelled;
    t.stuck += v.stuck;
    t.unknowable += v.unknowable;
    t.draftsLost += e.draftsLost;
    t.draftChecks += e.draftChecks;
    const shown = e.ui.kind === "summary" ? e.ui.label : e.ui.kind === "pending" ? "(still in the dock)" : "(nothing)";
    t.outcomes[shown] = (t.outcomes[shown] ?? 0) + 1;
  }
  t.audit.push(...audit);
  t.mislabelled += audit.length;
  return t;
}

/** The report table, as text. */
export function renderTable(t: Totals, extra: { seed: number; seconds: number; restarts: number }): string {
  const sum = (kinds: readonly FaultKind[]) => kinds.reduce((n, k) => n + t.faults[k], 0);
  const rows: [string, string | number][] = [
    ["blocking episodes (plain gateway)", t.episodes.blocking],
    ...BLOCKING_KINDS.map((k) => [`  faults: ${k}`, t.faults[k]] as [string, number]),
    ["  faults injected", sum(BLOCKING_KINDS)],
    ["  answers intended (answer or skip submitted)", t.intended],
    ["async episodes (Codex gateway)", t.episodes.async],
    ...ASYNC_KINDS.map((k) => [`  faults: ${k}`, t.faults[k]] as [string, number]),
    ["  faults injected", sum(ASYNC_KINDS)],
    ["  answers submitted", t.asyncAnswers.submitted],
    ["  answers sent (the summary says Answer sent)", t.asyncAnswers.sent],
    ["  answers saved exactly once (the gateway's history)", t.asyncAnswers.savedOnce],
    ["faults injected (total)", Object.values(t.faults).reduce((a, b) => a + b, 0)],
    ["gateway restarts (both gateways)", extra.restarts],
    ["lost", t.lost],
    ["duplicated", t.duplicated],
    ["mislabelled", t.mislabelled],
    ["  of which seen on a later look (end of run, after a reload)", t.audit.length],
    ["stuck (no outcome after recovery)", t.stuck],
    ["recorded, wiped by a restart before any reply, shown Unavailable without a claim", t.unknowable],
    [`drafts lost (of ${t.draftChecks} checks)`, t.draftsLost],
    ...Object.entries(t.outcomes)
      .sort()
      .map(([k, n]) => [`page outcome: ${k}`, n] as [string, number]),
    ["seed", extra.seed],
    ["seconds", extra.seconds.toFixed(1)],
  ];
  const w = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(w)}  ${String(v).padStart(6)}`).join("\n");
}

/**
 * A later look at a summary (at the end of the run, and after a final reload that rebuilds summaries from the
 * chat history): undefined when it agrees with the gateway's record, else why not. A summary rebuilt from history
 * may say "no answer" only for a question that was indeed not answered.
 */
export function auditLabel(label: string, truth: GatewayTruth, own: readonly string[]): string | undefined {
  const want = expectedLabel(truth, own);
  if (want === undefined || label === want) return undefined;
  if (truth.status === "gone") return undefined;
  // Wiped by a restart before any reply: "Unavailable" is the most the page can know (the episode judged its words).
  if (truth.fromLogBeforeRestart && label === "unavailable") return undefined;
  if (label === "no answer" && truth.status !== "answered") return undefined;
  return `shows "${label}", the gateway record says "${want}" (status ${truth.status}, resolvedBy ${truth.resolvedBy ?? "none"})`;
}
