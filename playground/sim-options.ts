// The simulated gateway's options: `persist` (keep its conversations over reloads) and `latency` (a slow chat.send) from
// the URL, and the playground's scripted agent.
import type { SimPersistence, SimulatedGatewayOptions } from "../src/simulated";
import { playgroundAgent } from "./agent-script";

/** sessionStorage key under which the simulated gateway keeps its conversations. */
export const SIM_STORAGE_KEY = "question-dock-playground:simulated-gateway";

/** The simulated gateway's settings as the query string gives them. */
export interface SimSettings {
  /** Keep transcripts and running runs in this tab's sessionStorage. @default true */
  persist: boolean;
  /** Extra time chat.send takes to reach the gateway, and again to be answered, in ms. @default 0 */
  sendLatencyMs: number;
}

/** Longest accepted `latency`: past the client's 30 s request deadline nothing useful happens. */
const MAX_LATENCY_MS = 60_000;

/** Reads `persist` and `latency` from query parameters; a string is an error message for the page. */
export function readSimSettings(params: URLSearchParams): SimSettings | string {
  const persist = params.get("persist");
  if (persist !== null && persist !== "0" && persist !== "1") return `"persist" must be 0 or 1, not "${persist}".`;
  const latency = params.get("latency");
  const sendLatencyMs = latency === null || latency === "" ? 0 : Number(latency);
  if (!Number.isInteger(sendLatencyMs) || sendLatencyMs < 0 || sendLatencyMs > MAX_LATENCY_MS) {
    return `"latency" must be a whole number of milliseconds from 0 to ${MAX_LATENCY_MS}, not "${latency}".`;
  }
  return { persist: persist !== "0", sendLatencyMs };
}

/** A persistence slot in `storage` (this tab's sessionStorage by default); an unusable storage just forgets. */
export function sessionPersistence(storage: () => Storage = () => window.sessionStorage): SimPersistence {
  return {
    load() {
      try {
        return storage().getItem(SIM_STORAGE_KEY);
      } catch {
        return null;
      }
    },
    save(text) {
      storage().setItem(SIM_STORAGE_KEY, text);
    },
  };
}

/** The simulated gateway options that `settings` ask for. */
export function simOptionsFor(settings: SimSettings): Pick<SimulatedGatewayOptions, "persist" | "methodLatencyMs" | "reply"> {
  return {
    reply: playgroundAgent,
    ...(settings.persist ? { persist: sessionPersistence() } : {}),
    ...(settings.sendLatencyMs > 0 ? { methodLatencyMs: { "chat.send": settings.sendLatencyMs } } : {}),
  };
}
