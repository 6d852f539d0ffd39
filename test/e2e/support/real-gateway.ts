// Browser specs against the REAL OpenClaw gateway (test/gateway/harness): name them *.gateway.spec.ts, and they run
// in the "real-gateway" Playwright project, one worker. The gateway is the pool's shared one under `npm test`
// (test/gateway/pool.ts), used by other tests at the same time, else one the worker starts. So each test keeps to a
// session of its own (`session`) and scripts the mock model under that session's key. No spec restarts it: the
// restart project's files do (test/gateway/*.restart.ts).
import { randomInt } from "node:crypto";
import { ensureGatewayRuntime, startRealGateway } from "../../gateway/harness";
import { mockModelControl, type MockModelControl } from "../../gateway/mock-model";
import { gatewayPool } from "../../gateway/pool";
import type { RawClient } from "../../gateway/raw-client";
import { connectRaw } from "../../gateway/raw-client";
import { test as base } from "./test";

/** A real gateway as a spec uses it. */
export interface SpecGateway {
  url: string;
  token: string;
  /** The mock model, scripted for the requests that contain `scope` (a session key, or a run's own words). */
  mock(scope: string): MockModelControl;
}

function specGateway(url: string, token: string, mockModelUrl: string): SpecGateway {
  return { url, token, mock: (scope) => mockModelControl(mockModelUrl, { scope }) };
}

/**
 * `test` with `realGateway` (the shared one), `session` (a session key of the test's own), `admin` (a raw operator
 * client per test, which cancels what the test left pending in its session).
 */
export const gatewayTest = base.extend<{ admin: RawClient; session: string }, { realGateway: SpecGateway }>({
  realGateway: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const pooled = gatewayPool()?.plain;
      if (pooled) return use(specGateway(pooled.url, pooled.token, pooled.mockModelUrl!));
      ensureGatewayRuntime();
      const gateway = await startRealGateway();
      try {
        await use(specGateway(gateway.url, gateway.token, gateway.mockModel.controlUrl));
      } finally {
        await gateway.stop();
      }
    },
    // Starting a gateway took 16 s on a busy machine; the limit is for one that never gets ready.
    { scope: "worker", timeout: 300_000 },
  ],
  // Six digits, one in a million: a longer key widens the playground's session picker past what its header has room
  // for at 390×400, which long-transcript.gateway.spec.ts checks.
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
  session: async ({}, use) => {
    await use(`agent:main:${String(randomInt(1_000_000)).padStart(6, "0")}`);
  },
  admin: async ({ realGateway, session }, use) => {
    const client = await connectRaw(realGateway.url, realGateway.token, { retryForMs: 30_000 });
    await use(client);
    // Others' questions on the shared gateway are theirs: only this test's session is cleaned up.
    const { questions } = await client.request<{ questions: { id: string; sessionKey?: string }[] }>("question.list", {});
    for (const q of questions.filter((q) => q.sessionKey === session)) await client.request("question.resolve", { id: q.id, cancel: true }).catch(() => undefined);
    await client.close();
  },
});

/** Playground path (relative to baseURL) that connects the dock to `gateway` on `session` instead of the simulator. */
export function playgroundPathFor(gateway: Pick<SpecGateway, "url" | "token">, { session }: { session: string }): string {
  const params = new URLSearchParams({ gateway: gateway.url, token: gateway.token, session });
  return `/?${params.toString()}`;
}

export { expect } from "./test";
