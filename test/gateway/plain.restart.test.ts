// The suites that restart the project's plain gateway (restart-global-setup.ts), side by side on ONE restart: each
// needs only that the gateway restarts after its own state is set up, and each restart is a whole gateway start
// (about 20 CPU-seconds). Every suite runs its own tests one after another, asks for the restart when it is ready
// and checks what it needs once the gateway is back (`SharedRestart`). They keep out of each other's way: sessions,
// questions and scripted replies of their own.
import { afterAll, beforeAll, describe } from "vitest";
import { clientRestartSuite } from "./client.restart";
import { conformanceRestartSuite } from "./conformance.restart";
import { outboxRestartSuite } from "./outbox.restart";
import { pageRestartSuite } from "./page.restart";
import { restartableGateway, SharedRestart, type RestartableGateway } from "./restartable-gateway";
import { storeRestartSuite } from "./store.restart";

const SUITES = {
  client: clientRestartSuite,
  store: storeRestartSuite,
  outbox: outboxRestartSuite,
  conformance: conformanceRestartSuite,
  page: pageRestartSuite,
};

let gw: RestartableGateway | undefined;
const shared = new SharedRestart(() => gw!.restart());

describe.skipIf(process.env["OPENCLAW_REAL_GATEWAY"] === "0")("the plain gateway, restarted once", () => {
  // eslint-disable-next-line no-empty-pattern -- Vitest requires the destructuring form; the suite comes second
  beforeAll(async ({}, suite) => {
    gw = await restartableGateway();
    shared.start(suite.tasks.filter((task) => task.mode === "run").length);
  }, 120_000);

  for (const [name, suite] of Object.entries(SUITES)) {
    // Side by side with the other suites; each suite's own tests run one after another.
    describe(name, { concurrent: true }, () => {
      const member = shared.member();
      afterAll(() => member.end());
      suite(() => ({ ...gw!, restart: member.restart }));
    });
  }
});
