// One conformance suite, two gateways: every scenario in this folder runs, as the same test code, against the real
// OpenClaw gateway (test/gateway/conformance.real.test.ts) and against the kit's simulated gateway
// (test/node/conformance.sim.test.ts). A difference between the two fails one of them; the real one is right.
import type { GatewayClientOptions } from "../../src/gateway";
import type { CodexStep } from "../gateway/codex/codex-script";
import type { ConnectRawOptions, RawClient } from "../gateway/raw-client";

export type { CodexStep } from "../gateway/codex/codex-script";

/** Agent runs through a scripted Codex app-server: the real gateway's Codex plugin, or the simulated gateway's copy. */
export interface CodexRuns {
  /** The run whose message contains `key` plays `steps` (the longest matching key wins). */
  script(key: string, steps: CodexStep[]): void;
  /** Lets a run waiting on `{ waitFor: key }` go on. */
  release(key: string): void;
  /**
   * Stops and starts the gateway; a run that was going on is recovered by the gateway once it is back. Undefined
   * where the Codex gateway is shared with other tests and cannot restart.
   */
  restart?: () => Promise<void>;
  /** The gateway log's lines about restart recovery and the app-server, for a failure's message; undefined without a log. */
  recoveryLog?: () => string;
}

/** One ask_user question as the agent writes it (the tool's schema). */
export interface AgentQuestion {
  id: string;
  header: string;
  question: string;
  options: Array<{ label: string; description?: string }>;
  multiSelect?: boolean;
}

/** A gateway the scenarios run against. */
export interface ConformanceBackend {
  /** "real" or "simulated", for test names and for the few facts that only one of them can show. */
  name: "real" | "simulated";
  /** A new operator connection with a device of its own (pass `identity` to be the same device again). */
  connect(opts?: Pick<ConnectRawOptions, "scopes" | "caps" | "identity">): Promise<RawClient>;
  /** A session of the scenario's own, so scenarios never see each other's runs or questions. */
  newSession(label: string): string;
  /** The next run started by the message `trigger` calls ask_user with `questions`, then replies `then` once it ends. */
  scriptAskUser(trigger: string, questions: AgentQuestion[], then: string, timeoutSeconds?: number): Promise<void>;
  /** The next run started by the message `trigger` replies `text`. */
  scriptReply(trigger: string, text: string): Promise<void>;
  /** Stops and starts the gateway (same address); undefined where this backend is shared and cannot restart. */
  restart?: () => Promise<void>;
  /**
   * A guest: a verified user profile that is not the gateway's owner, granted operator.sessions.write only (pass
   * `identity` to be the same device again). Undefined where the gateway has no guests: every connection of a
   * shared-token gateway is its owner. `profile` is one of `GUESTS`.
   */
  connectGuest?: (profile: string, opts?: Pick<ConnectRawOptions, "caps" | "identity">) => Promise<RawClient>;
  /** What the kit's own client (`createGatewayClient`) needs to connect as the guest `profile`: url, token and transport. */
  kitGuest?: (profile: string) => Pick<GatewayClientOptions, "url" | "token" | "transport">;
  /** Codex runs, where this backend has them (the real gateway's own Codex gateway, or the simulated one). */
  codex?: CodexRuns;
  /** How long a scenario may wait for the gateway to act: a real run takes seconds on a busy machine. */
  waitMs: number;
}


/** The guests a guest backend knows: users behind the real gateway's trusted proxy, guest tokens on the simulated one. */
export const GUESTS = { ada: "ada@example.com", bo: "bo@example.com" } as const;

/** The one scope a guest asks for and is granted. */
export const GUEST_SCOPES = ["operator.sessions.write"];

/** Each scenario's own limit: only a hang guard, far above what a slow machine takes, so no test leans on its speed. */
export const SCENARIO_TIMEOUT_MS = 900_000;
