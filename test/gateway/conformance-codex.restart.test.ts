// The conformance suite's async restart scenario on the real gateway with the official Codex plugin: the Codex
// gateway that the restart project's files share and restart in turn (restart-global-setup.ts). The other async
// scenarios run on the shared Codex gateway in conformance.codex.test.ts.
import { beforeAll, describe, inject } from "vitest";
import { restartableCodexBackend } from "../conformance/real-backend";
import { asyncScenarios } from "../conformance/scenarios/async";
import { restartableCodexGateway } from "./restartable-gateway";

beforeAll(() => restartableCodexGateway(), 120_000);

describe.skipIf(!inject("restartCodexGatewayUrl"))("conformance: real gateway with the Codex plugin, restarted", () => {
  asyncScenarios(() => restartableCodexBackend(), "restart");
});
