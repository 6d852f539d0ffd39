// The scenario buttons of the simulated playground: each scripts the embedded gateway as an agent would.
import type { SimAskAsyncParams, SimAskParams, SimulatedGateway } from "../src/simulated";

/** One scenario button; it acts in the session on screen. */
export interface Scenario {
  label: string;
  run(sim: SimulatedGateway, sessionKey: string): void;
}

// "main" is the gateway's own main session, which the simulated gateway asks in when given none.
function inSession<T extends object>(params: T, sessionKey: string): T & { sessionKey?: string } {
  return sessionKey === "main" ? params : { ...params, sessionKey };
}

const deploy: SimAskParams = {
  questions: [
    {
      questionId: "deploy_target",
      header: "Deploy",
      question: "Where should this build deploy?",
      options: [
        { label: "Staging (Recommended)", description: "Safe to try; it is reset every night." },
        { label: "Production", description: "Live traffic." },
      ],
    },
  ],
};

const release: SimAskParams = {
  questions: [
    {
      questionId: "environment",
      header: "Environment",
      question: "Which environment should the release go to?",
      options: [{ label: "Staging (Recommended)" }, { label: "Production" }, { label: "Preview" }],
    },
    {
      questionId: "region",
      header: "Region",
      question: "Which region goes first?",
      options: [{ label: "eu-west-1" }, { label: "us-east-1" }, { label: "ap-south-1" }],
    },
    {
      questionId: "notify",
      header: "Notify",
      question: "Who should hear about it?",
      multiSelect: true,
      options: [{ label: "Release channel" }, { label: "On-call" }, { label: "Support" }],
    },
  ],
};

const checks: SimAskParams = {
  questions: [
    {
      questionId: "checks",
      header: "Checks",
      question: "Which checks should run before merging?",
      multiSelect: true,
      options: [
        { label: "Unit tests (Recommended)" },
        { label: "Lint" },
        { label: "Browser tests", description: "Slower: about four minutes." },
        { label: "Benchmarks" },
      ],
    },
  ],
};

const approval: SimAskParams = {
  timeoutMs: 30_000,
  questions: [
    {
      questionId: "migration",
      header: "Migration",
      question: "Run the database migration now?",
      options: [{ label: "Run it now" }, { label: "Wait for the maintenance window" }],
    },
  ],
};

const branch: SimAskParams = {
  questions: [
    {
      questionId: "base_branch",
      header: "Branch",
      question: "Which branch should the fix start from?",
      options: [{ label: "main" }, { label: "release/2.4" }],
    },
  ],
};

const tone: SimAskParams = {
  questions: [
    {
      questionId: "tone",
      header: "Changelog",
      question: "How formal should the changelog be?",
      options: [{ label: "Casual" }, { label: "Formal" }],
    },
  ],
};

// Async (Codex) questions arrive on an assistant message; they wait in the dock without taking focus.
const followUp: SimAskAsyncParams = {
  text: "The build is running. Two questions for when you have a moment:",
  questions: [
    { title: "Which branch should the hotfix land on?", options: ["main", "release/2.4", "both"] },
    { title: "Anything the release notes should mention?" },
  ],
};

/** What the agent says while "Agent busy" keeps its run going. */
export const BUSY_TEXT = "Working on the build…";

/** The newest running run completes; with none running, a new run starts and completes (a later run, for retirement). */
function completeRun(sim: SimulatedGateway, sessionKey: string): void {
  const running = sim.activeRuns().filter((r) => sessionKey === "main" || r.sessionKey === sessionKey).at(-1);
  sim.completeRun(running?.runId ?? sim.startRun(inSession({}, sessionKey)), "Done: the build is green.");
}

/** How long "Drop connection" keeps the simulated gateway unreachable, so reconnecting is visible. */
export const DROP_OFFLINE_MS = 1500;

/** Every scenario, in button order. */
export const SCENARIOS: readonly Scenario[] = [
  { label: "Single question", run: (sim, key) => void sim.ask(inSession(deploy, key)) },
  { label: "Three questions", run: (sim, key) => void sim.ask(inSession(release, key)) },
  { label: "Multi-select", run: (sim, key) => void sim.ask(inSession(checks, key)) },
  { label: "Expires in 30 s", run: (sim, key) => void sim.ask(inSession(approval, key)) },
  {
    label: "Two requests at once",
    // A moment apart, as an agent asks them: two questions made in the same millisecond are ordered by id
    // (the gateway's rule), so which one reads "Request 2 of 2" would be a coin toss.
    run: (sim, key) => {
      sim.ask(inSession(branch, key));
      setTimeout(() => sim.ask(inSession(tone, key)), 10);
    },
  },
  {
    label: "Drop connection",
    run: (sim) => {
      sim.setOffline(true);
      sim.dropConnections();
      setTimeout(() => sim.setOffline(false), DROP_OFFLINE_MS);
    },
  },
  // A restarted gateway forgets its pending questions; the dock shows them as Unavailable.
  { label: "Restart gateway", run: (sim) => sim.restart({ offlineMs: DROP_OFFLINE_MS }) },
  { label: "Async questions", run: (sim, key) => void sim.askAsync(inSession(followUp, key)) },
  // While a run is going, async answers wait in the outbox ("Answer queued").
  { label: "Agent busy", run: (sim, key) => sim.streamRun(sim.startRun(inSession({}, key)), BUSY_TEXT) },
  { label: "Run completes", run: completeRun },
];
