// The conformance suite (test/conformance) against the kit's simulated gateway. The same scenarios run against the
// real OpenClaw gateway in test/gateway/conformance.real.test.ts (the guest scenarios in guests.own-gateway.test.ts, on a
// trusted-proxy gateway of their own); a difference fails one of the two.
import { describe } from "vitest";
import { conformanceScenarios } from "../conformance/all";
import { asyncScenarios } from "../conformance/scenarios/async";
import { guestScenarios } from "../conformance/scenarios/guests";
import { restartScenarios } from "../conformance/scenarios/restart";
import { simulatedBackend } from "../conformance/sim-backend";

describe("conformance: simulated gateway", () => {
  const backend = simulatedBackend();
  conformanceScenarios(() => backend);
  restartScenarios(() => simulatedBackend());
  guestScenarios(() => backend);
  // A gateway of its own: the group's last scenario restarts it.
  asyncScenarios(() => simulatedBackend());
});
