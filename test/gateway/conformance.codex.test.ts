// The async (Codex) scenarios of the conformance suite against the real gateway with the official Codex plugin (the
// gateway project's Codex gateway, shared with other tests), all but the restart, which runs on a Codex gateway that
// the restart project's files restart in turn (conformance-codex.restart.test.ts). The same scenarios run against
// the simulated gateway in test/node/conformance.sim.test.ts.
import { describe, inject } from "vitest";
import { codexRealBackend } from "../conformance/real-backend";
import { asyncScenarios } from "../conformance/scenarios/async";

describe.skipIf(!inject("codexGatewayUrl"))("conformance: real gateway with the Codex plugin", () => {
  asyncScenarios(() => codexRealBackend(), "without restart");
});
