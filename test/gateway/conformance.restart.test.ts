// The conformance suite's restart scenario on the real OpenClaw gateway that the restart project's files share and
// restart in turn (restart-global-setup.ts).
import { beforeAll, describe } from "vitest";
import { ownRealBackend } from "../conformance/real-backend";
import { restartScenarios } from "../conformance/scenarios/restart";
import { restartableGateway, type RestartableGateway } from "./restartable-gateway";

let gw: RestartableGateway | undefined;
beforeAll(async () => {
  gw = await restartableGateway();
}, 120_000);

describe.skipIf(process.env["OPENCLAW_REAL_GATEWAY"] === "0")("conformance: real gateway, restarted", () => {
  restartScenarios(() => ownRealBackend(gw!));
});
