// The conformance backend on the real OpenClaw gateway: the shared one of the `gateway` Vitest project (no
// restart), or a gateway of the file's own (`ownRealBackend`), each with its scripted OpenAI-compatible mock model.
// A gateway of its own in trusted-proxy mode also has guests: the test plays the proxy and names the user.
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import WebSocket, { type ClientOptions } from "ws";
import { createWebSocketTransport, type TransportFactory } from "../../src/gateway";
import { restartGateway } from "../gateway/gateway-control";
import { codexScripts } from "../gateway/codex/codex-script";
import { TRUSTED_PROXY_ORIGIN, tail, trustedProxyHeaders } from "../gateway/harness";
import { mockModelControl } from "../gateway/mock-model";
import { connectRaw } from "../gateway/raw-client";
import type { RestartableGateway } from "../gateway/restartable-gateway";
import { GUEST_SCOPES, type ConformanceBackend } from "./backend";

/** A real gateway run takes seconds per model call, more on a busy 2-core machine; these waits are hang guards. */
const WAIT_MS = 120_000;
// After a restart, a recovered run waits for the gateway to finish starting and for the Codex app-server: each took
// minutes on a loaded 2-core machine.
const AFTER_RESTART_WAIT_MS = 300_000;

/**
 * The kit's WebSocket transport over `ws` with a trusted proxy's headers on every upgrade: the kit's own transport
 * takes only an Origin, which is all a browser lets a page choose; a proxy adds the rest in front of the gateway.
 */
function proxiedTransport(user: string): TransportFactory {
  const headers = trustedProxyHeaders(user);
  class ProxiedWebSocket extends WebSocket {
    constructor(url: string, options: ClientOptions = {}) {
      super(url, { ...options, headers: { ...options.headers, ...headers } });
    }
  }
  return createWebSocketTransport(ProxiedWebSocket, { origin: TRUSTED_PROXY_ORIGIN });
}

function backend(p: { url: string; token: string; password?: string; controlUrl: string; restart?: () => Promise<void> }): ConformanceBackend {
  const { url, token, password } = p;
  const mock = mockModelControl(p.controlUrl);
  const patient = { retryForMs: 60_000, requestTimeoutMs: 60_000 };
  return {
    name: "real",
    // A password gateway's owner signs in with the password on a direct loopback connection; a token gateway's with the token.
    connect: (opts = {}) => connectRaw(url, token, { ...patient, ...(password ? { auth: { password } } : {}), ...opts }),
    newSession: (label) => `agent:main:${label}-${randomUUID().slice(0, 8)}`,
    async scriptAskUser(trigger, questions, then, timeoutSeconds = 120) {
      // Matched by the run's own message, so a late model call of another scenario never takes this reply.
      await mock.enqueue({ toolCall: { name: "tool_call", arguments: { id: "ask_user", args: { questions, timeoutSeconds } } } }, { matchText: trigger });
      await mock.enqueue({ text: then }, { matchText: trigger });
    },
    scriptReply: (trigger, text) => mock.enqueue({ text }, { matchText: trigger }),
    ...(p.restart ? { restart: p.restart } : {}),
    // Guests exist only behind a trusted proxy: no token, an empty `auth`, and the user in the upgrade's headers.
    ...(password
      ? {
          connectGuest: (profile: string, opts = {}) => connectRaw(url, "", { ...patient, ...opts, auth: {}, headers: trustedProxyHeaders(profile), scopes: GUEST_SCOPES }),
          kitGuest: (profile: string) => ({ url, transport: proxiedTransport(profile) }),
        }
      : {}),
    waitMs: WAIT_MS,
  };
}

/** The gateway shared by the `gateway` project's files. */
export function sharedRealBackend(): ConformanceBackend {
  return backend({ url: inject("gatewayUrl"), token: inject("gatewayToken"), controlUrl: inject("gatewayMockModelUrl") });
}

/** A backend on a gateway the file may restart (its own, or the restart project's); one in trusted-proxy mode has guests. */
export function ownRealBackend(gw: Pick<RestartableGateway, "url" | "token" | "password" | "mockModel" | "restart">): ConformanceBackend {
  return backend({ url: gw.url, token: gw.token, ...(gw.password ? { password: gw.password } : {}), controlUrl: gw.mockModel.controlUrl, restart: () => gw.restart() });
}

/** The log's last 40 lines that speak of a spawn, restart recovery or the Codex app-server. */
function recoveryLines(logFile: string): string {
  return tail(logFile, 2000).split("\n").filter((line) => /harness: spawn|recover|reap|app-server|Codex/i.test(line)).slice(-40).join("\n");
}

/** A Codex gateway: runs go through the real Codex plugin to the scripted app-server. Restartable with a control route. */
function codexBackend(p: { url: string; token: string; scriptsDir: string; controlUrl?: string; logFile?: string }): ConformanceBackend {
  const scripts = codexScripts(p.scriptsDir);
  const { controlUrl } = p;
  const noMockModel = async () => {
    throw new Error("the Codex gateway has no mock model: script its runs with `codex.script`");
  };
  return {
    name: "real",
    connect: (opts = {}) => connectRaw(p.url, p.token, { retryForMs: 60_000, requestTimeoutMs: 60_000, ...opts }),
    newSession: (label) => `agent:main:${label}-${randomUUID().slice(0, 8)}`,
    scriptAskUser: noMockModel,
    scriptReply: noMockModel,
    codex: {
      script: scripts.script,
      release: scripts.release,
      ...(controlUrl ? { restart: () => restartGateway(controlUrl) } : {}),
      ...(p.logFile ? { recoveryLog: () => recoveryLines(p.logFile!) } : {}),
    },
    waitMs: controlUrl ? AFTER_RESTART_WAIT_MS : WAIT_MS,
  };
}

/** The gateway project's Codex gateway, shared with other tests (no restart). */
export function codexRealBackend(): ConformanceBackend {
  return codexBackend({ url: inject("codexGatewayUrl"), token: inject("codexGatewayToken"), scriptsDir: inject("codexScriptsDir") });
}

/** The restart project's Codex gateway, which its files restart in turn. */
export function restartableCodexBackend(): ConformanceBackend {
  return codexBackend({
    url: inject("restartCodexGatewayUrl"),
    token: inject("restartCodexGatewayToken"),
    scriptsDir: inject("restartCodexScriptsDir"),
    controlUrl: inject("restartCodexControlUrl"),
    logFile: inject("restartCodexGatewayLogFile"),
  });
}
