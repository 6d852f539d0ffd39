// Browser specs against the REAL OpenClaw gateway (test/gateway/harness): name them *.gateway.spec.ts,
// and they run in the "real-gateway" Playwright project, one worker, one gateway per worker.
import type { RealGateway } from "../../gateway/harness";
import { ensureGatewayRuntime, startRealGateway } from "../../gateway/harness";
import type { RawClient } from "../../gateway/raw-client";
import { connectRaw } from "../../gateway/raw-client";
import { test as base } from "./test";

/** `test` with `realGateway` (started once per worker) and `admin` (a raw operator client per test). */
export const gatewayTest = base.extend<{ admin: RawClient }, { realGateway: RealGateway }>({
  realGateway: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      ensureGatewayRuntime();
      const gateway = await startRealGateway();
      try {
        await use(gateway);
      } finally {
        await gateway.stop();
      }
    },
    // Starting a gateway took 16 s on a busy machine; the limit is for one that never gets ready.
    { scope: "worker", timeout: 300_000 },
  ],
  admin: async ({ realGateway }, use) => {
    const client = await connectRaw(realGateway.url, realGateway.token, { retryForMs: 30_000 });
    // One gateway serves every spec of the worker: a question an earlier spec left pending would take this one's dock.
    const { questions } = await client.request<{ questions: { id: string }[] }>("question.list", {});
    for (const q of questions) await client.request("question.resolve", { id: q.id, cancel: true }).catch(() => undefined);
    await use(client);
    await client.close();
  },
});

/** Playground path (relative to baseURL) that connects the dock to `gateway` instead of the simulator. */
export function playgroundPathFor(gateway: RealGateway, { session = "main" }: { session?: string } = {}): string {
  const params = new URLSearchParams({ gateway: gateway.url, token: gateway.token, session });
  return `/?${params.toString()}`;
}

export { expect } from "./test";
