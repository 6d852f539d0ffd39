// The conformance suite's restart scenario on a real OpenClaw gateway this file starts and restarts itself.
import { afterAll, beforeAll, describe } from "vitest";
import { ownRealBackend } from "../conformance/real-backend";
import { restartScenarios } from "../conformance/scenarios/restart";
import { startRealGateway, type RealGateway } from "./harness";

let gw: RealGateway | undefined;
beforeAll(async () => {
  gw = await startRealGateway();
}, 240_000);
afterAll(async () => gw?.stop(), 60_000);

describe.skipIf(process.env["OPENCLAW_REAL_GATEWAY"] === "0")("conformance: real gateway, restarted", () => {
  restartScenarios(() => ownRealBackend(gw!));
});
