// The conformance suite (test/conformance) against the real OpenClaw gateway shared by this project. The same
// scenarios run against the simulated gateway in test/node/conformance.sim.test.ts; the restart scenario runs on a
// gateway it restarts, in conformance.restart.ts.
import { describe, inject } from "vitest";
import { conformanceScenarios } from "../conformance/all";
import { sharedRealBackend } from "../conformance/real-backend";

describe.skipIf(!inject("gatewayUrl"))("conformance: real gateway", () => {
  conformanceScenarios(() => sharedRealBackend());
});
