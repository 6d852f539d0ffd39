// The conformance backend on the real OpenClaw gateway: the shared one of the `gateway` Vitest project (no
// restart), or a gateway of the file's own (`ownGateway`), each with its scripted OpenAI-compatible mock model.
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import type { RealGateway } from "../gateway/harness";
import { mockModelControl } from "../gateway/mock-model";
import { connectRaw } from "../gateway/raw-client";
import type { ConformanceBackend } from "./backend";

/** A real gateway run takes seconds per model call, more on a busy 2-core machine; these waits are hang guards. */
const WAIT_MS = 120_000;

function backend(url: string, token: string, controlUrl: string, restart?: () => Promise<void>): ConformanceBackend {
  const mock = mockModelControl(controlUrl);
  return {
    name: "real",
    connect: (opts = {}) => connectRaw(url, token, { retryForMs: 60_000, requestTimeoutMs: 60_000, ...opts }),
    newSession: (label) => `agent:main:${label}-${randomUUID().slice(0, 8)}`,
    async scriptAskUser(trigger, questions, then, timeoutSeconds = 120) {
      // Matched by the run's own message, so a late model call of another scenario never takes this reply.
      await mock.enqueue({ toolCall: { name: "tool_call", arguments: { id: "ask_user", args: { questions, timeoutSeconds } } } }, { matchText: trigger });
      await mock.enqueue({ text: then }, { matchText: trigger });
    },
    scriptReply: (trigger, text) => mock.enqueue({ text }, { matchText: trigger }),
    ...(restart ? { restart } : {}),
    waitMs: WAIT_MS,
  };
}

/** The gateway shared by the `gateway` project's files. */
export function sharedRealBackend(): ConformanceBackend {
  return backend(inject("gatewayUrl"), inject("gatewayToken"), inject("gatewayMockModelUrl"));
}

/** A backend on a gateway the file started itself, which it may restart. */
export function ownRealBackend(gw: RealGateway): ConformanceBackend {
  return backend(gw.url, gw.token, gw.mockModel.controlUrl, () => gw.restart());
}
