// Throughput of the UI-free layers in Node: operations per second, the median of 7 timed runs.
// Add a store operation the same way: build its input once, then time only the call.
import type { EventFrame } from "../../src/protocol";
import { parseAskUserInput } from "../../src/protocol";
import type { ConnectionInfo, GatewayConnection } from "../../src/gateway";
import { createQuestionDockStore } from "../../src/store";
import { opsPerSecond, summarize, type Summary } from "../lib/stats";
import type { BenchRow, BenchSuite } from "../lib/types";

function row(metric: string, summary: Summary, { unit = "ops/s", per = 1 }: { unit?: string; per?: number } = {}): BenchRow {
  return {
    metric,
    value: summary.median * per,
    unit,
    note: `median of ${summary.n} runs (min ${Math.round(summary.min * per).toLocaleString("en-US")})`,
  };
}

const threeQuestions = {
  questions: ["env", "region", "notify"].map((id, index) => ({
    id,
    header: `Step ${index + 1}`,
    question: `Which ${id} should the deploy use?`,
    options: [
      { label: "Production (Recommended)", description: "The live environment" },
      { label: "Staging" },
      { label: "Preview" },
    ],
    multiSelect: index === 2,
  })),
};

const SESSION = "agent:main:main";

/**
 * A connected gateway as the store sees it, whose events the benchmark emits itself, so the time measured is
 * the store's (validation, state update, priority, expiry bookkeeping) and none of it a transport's.
 */
function eventSource(): GatewayConnection & { emit(event: string, payload: unknown): void } {
  const listeners = new Map<string, Set<(payload: unknown, frame: EventFrame) => void>>();
  const connection: ConnectionInfo = { state: "connected", attempt: 0 };
  const none = () => () => {};
  return {
    getConnection: () => connection,
    subscribeConnection: none,
    onConnected: none,
    onGap: none,
    request: () => Promise.reject(new Error("the throughput benchmark sends no requests")),
    onEvent(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    emit(event, payload) {
      const frame: EventFrame = { type: "event", event, payload };
      listeners.get(event)?.forEach((listener) => listener(payload, frame));
    },
  };
}

const question = {
  questionId: "target",
  header: "Deploy",
  question: "Where should this build deploy?",
  options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
  isOther: true,
};

function requested(id: string, now: number) {
  return { id, questions: [question], sessionKey: SESSION, agentId: "main", createdAtMs: now, expiresAtMs: now + 900_000, status: "pending" };
}

const ANSWERS = { answers: { target: ["Staging (Recommended)"] } };

/** A store on its own event source, with `backlog` requests already pending. */
function storeWithBacklog(backlog: number) {
  const source = eventSource();
  const store = createQuestionDockStore({ client: source, sessionKey: SESSION });
  const now = Date.now();
  for (let i = 0; i < backlog; i++) source.emit("question.requested", requested(`backlog-${i}`, now - backlog + i));
  return { source, store, now };
}

/** question.requested then question.resolved for one new id per call, with `backlog` other requests pending. */
function storeEvents(backlog: number): Summary {
  const { source, store, now } = storeWithBacklog(backlog);
  // Ids never repeat: the store ignores a request whose id already has an outcome.
  let next = 0;
  try {
    return opsPerSecond(() => {
      const n = next++;
      const id = `q-${n}`;
      source.emit("question.requested", requested(id, now + n));
      source.emit("question.resolved", { id, status: "answered", answers: ANSWERS });
    });
  } finally {
    store.getState().actions.dispose();
  }
}

/** Milliseconds to apply 10,000 events (5,000 requested + resolved pairs) with `backlog` requests pending: median of 5. */
function tenThousandEvents(backlog: number): Summary {
  const times: number[] = [];
  for (let run = 0; run < 6; run++) {
    const { source, store, now } = storeWithBacklog(backlog);
    const start = performance.now();
    for (let n = 0; n < 5_000; n++) {
      source.emit("question.requested", requested(`q-${n}`, now + n));
      source.emit("question.resolved", { id: `q-${n}`, status: "answered", answers: ANSWERS });
    }
    // The first run only warms the JIT up.
    if (run > 0) times.push(performance.now() - start);
    store.getState().actions.dispose();
  }
  return summarize(times);
}

/** `setOther` once per keystroke, as a person types a 40-character answer into Other. */
function draftUpdates(): Summary {
  const source = eventSource();
  const store = createQuestionDockStore({ client: source, sessionKey: SESSION });
  source.emit("question.requested", requested("typing", Date.now()));
  const { actions } = store.getState();
  const typed = "Staging first, then production at 18:00.";
  const prefixes = Array.from(typed, (_, i) => typed.slice(0, i + 1));
  try {
    return opsPerSecond((i) => actions.setOther("typing", "target", prefixes[i % prefixes.length]!));
  } finally {
    actions.dispose();
  }
}

const suite: BenchSuite = {
  name: "throughput",
  async run() {
    return [
      row("parseAskUserInput (3 questions)", opsPerSecond(() => parseAskUserInput(threeQuestions))),
      // Each call is two events: question.requested and question.resolved.
      row("store: question.requested + question.resolved", storeEvents(0), { unit: "events/s", per: 2 }),
      row("store: the same, 100 requests pending", storeEvents(100), { unit: "events/s", per: 2 }),
      row("store: setOther per keystroke", draftUpdates(), { unit: "updates/s" }),
      ...[0, 100, 1000].map((backlog) => row(`store: 10,000 events, ${backlog} pending`, tenThousandEvents(backlog), { unit: "ms" })),
    ];
  },
};

export default suite;
