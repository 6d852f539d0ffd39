// The conformance suite's guest scenarios on a real OpenClaw gateway of this file's own, in trusted-proxy mode: the
// shared gateway uses token auth, where every connection is the owner, and the two modes cannot share a gateway
// ("trusted-proxy and token auth are mutually exclusive"). The test plays the proxy: it names the user in the
// upgrade's x-forwarded-user. The same scenarios run against the simulated gateway in test/node/conformance.sim.test.ts.
import { afterAll, beforeAll, describe } from "vitest";
import { ownRealBackend } from "../conformance/real-backend";
import { guestScenarios } from "../conformance/scenarios/guests";
import { startRealGateway, type RealGateway } from "./harness";

let gw: RealGateway | undefined;
beforeAll(async () => {
  gw = await startRealGateway({ auth: "trusted-proxy" });
}, 300_000);
afterAll(async () => gw?.stop(), 60_000);

describe.skipIf(process.env["OPENCLAW_REAL_GATEWAY"] === "0")("conformance: real gateway, guests behind a trusted proxy", () => {
  guestScenarios(() => ownRealBackend(gw!));
});
