// The conformance suite's restart scenario on the real OpenClaw gateway that the restart project's files share and
// restart in turn (restart-global-setup.ts), once with the other suites of plain.restart.test.ts.
import { describe } from "vitest";
import { ownRealBackend } from "../conformance/real-backend";
import { restartScenarios } from "../conformance/scenarios/restart";
import type { RestartableGateway } from "./restartable-gateway";

/** The suite, on `gateway()`, the restart project's gateway as a beforeAll hands it over. */
export function conformanceRestartSuite(gateway: () => RestartableGateway): void {
  describe("conformance: real gateway, restarted", () => {
    restartScenarios(() => ownRealBackend(gateway()));
  });
}
