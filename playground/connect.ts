// Builds the playground's gateway client and its sessions: the embedded simulated gateway by default,
// or a real OpenClaw gateway when the page is opened with ?gateway=ws://…&token=…&session=main.
// Either way the dock also shows async questions, with drafts and the answer outbox in IndexedDB.
import { createGatewayClient, createIndexedDbKeyStore, createWebSocketTransport, type GatewayClient } from "../src";
import { createScriptedDock, type SimulatedGateway } from "../src/simulated";
import { createSessions, type PlaygroundSessions } from "./sessions";
import { readSimSettings, simOptionsFor, type SimSettings } from "./sim-options";

/** Where the playground connects, read from the page's query string. */
export type PlaygroundTarget =
  | { kind: "simulated"; sessionKey: string; settings: SimSettings }
  | { kind: "gateway"; url: string; token: string | undefined; sessionKey: string; scopes?: string[]; backoffMaxMs?: number }
  | { kind: "invalid"; message: string };

/** A running playground connection: the client, its sessions (one dock store each) and, in simulated mode, the gateway itself. */
export interface PlaygroundConnection {
  target: Exclude<PlaygroundTarget, { kind: "invalid" }>;
  client: GatewayClient;
  sessions: PlaygroundSessions;
  sim: SimulatedGateway | undefined;
}

/** The simulated gateway, published on `window` in simulated mode only, so browser tests can script it. */
export type PlaygroundWindow = Window & { __questionDockSim?: SimulatedGateway };

const SIM_TOKEN = "playground";

/** IndexedDB database of the playground's device key, apart from the outbox's ("openclaw-question-dock"). */
export const DEVICE_KEY_DB = "openclaw-question-dock-device";

/** Reads `gateway`, `token`, `session`, `scopes` and `backoffMaxMs` from a query string; without `gateway` the simulator is used, with `persist` and `latency`. */
export function readTarget(search: string): PlaygroundTarget {
  const params = new URLSearchParams(search);
  const sessionKey = params.get("session")?.trim() || "main";
  const url = params.get("gateway")?.trim();
  if (!url) {
    const settings = readSimSettings(params);
    return typeof settings === "string" ? { kind: "invalid", message: settings } : { kind: "simulated", sessionKey, settings };
  }
  if (!/^wss?:\/\/[^\s]+$/i.test(url)) return { kind: "invalid", message: `"gateway" must be a ws:// or wss:// URL, not "${url}".` };
  // ?scopes=operator.sessions.write (a comma list) asks for only those scopes, e.g. to see a guest's dock.
  const scopes = params.get("scopes")?.split(",").map((s) => s.trim()).filter(Boolean);
  // ?backoffMaxMs=2000 caps the reconnect delay, e.g. for a test that restarts the gateway and waits for the page.
  const backoff = params.get("backoffMaxMs");
  const backoffMaxMs = backoff === null ? undefined : Number(backoff);
  if (backoffMaxMs !== undefined && !(Number.isInteger(backoffMaxMs) && backoffMaxMs > 0)) return { kind: "invalid", message: `"backoffMaxMs" must be a positive whole number of ms, not "${backoff}".` };
  return { kind: "gateway", url, token: params.get("token") || undefined, sessionKey, ...(scopes?.length ? { scopes } : {}), ...(backoffMaxMs ? { backoffMaxMs } : {}) };
}

/** Creates the client and the page's first session for a valid target; call `client.start()` once every listener is attached. */
export function connect(target: Exclude<PlaygroundTarget, { kind: "invalid" }>, win: PlaygroundWindow = window): PlaygroundConnection {
  let sim: SimulatedGateway | undefined;
  let client: GatewayClient;
  if (target.kind === "simulated") {
    // The same client code path as a real gateway; only the transport differs. Stores come per session, below. The
    // device key is kept as for a real gateway: what the page keeps belongs to this device, so a reload finds it.
    ({ sim, client } = createScriptedDock({ token: SIM_TOKEN, sim: simOptionsFor(target.settings), store: false, client: { keyStore: createIndexedDbKeyStore({ dbName: DEVICE_KEY_DB }) } }));
    win.__questionDockSim = sim;
  } else {
    // The device key lives in IndexedDB, so a reload is the same paired device. It gets a database of its own:
    // idb-keyval makes one object store per database, and the async outbox already uses the default one.
    client = createGatewayClient({
      url: target.url,
      ...(target.token ? { token: target.token } : {}),
      ...(target.scopes ? { scopes: target.scopes } : {}),
      ...(target.backoffMaxMs ? { backoff: { maxMs: target.backoffMaxMs } } : {}),
      transport: createWebSocketTransport(),
      keyStore: createIndexedDbKeyStore({ dbName: DEVICE_KEY_DB }),
    });
  }
  const sessions = createSessions(client, target.sessionKey);
  // The page's own session is made before the client starts, so it hears the very first connect.
  sessions.get(target.sessionKey);
  return { target, client, sessions, sim };
}
