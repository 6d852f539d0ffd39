// Vitest globalSetup for the real-gateway project: installs the runtime if needed, starts ONE
// real OpenClaw gateway for the whole run, and hands its coordinates to the tests:
//
//   import { inject } from 'vitest';
//   const url = inject('gatewayUrl'); const token = inject('gatewayToken');
//
// Set OPENCLAW_REAL_GATEWAY=0 to skip starting it: every provided value is then '' (tests
// should skip themselves, e.g. `describe.skipIf(!inject('gatewayUrl'))`).
import type { TestProject } from 'vitest/node';
import { ensureGatewayRuntime, startRealGateway } from './harness';
import type { RealGateway } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** ws://127.0.0.1:PORT of the real gateway ('' when skipped). */
    gatewayUrl: string;
    /** Its shared gateway token. */
    gatewayToken: string;
    /** http://127.0.0.1:PORT of the same gateway (serves OpenClaw's own Control UI). */
    gatewayHttpUrl: string;
    /** Base URL of the mock model's control routes: script replies with `mockModelControl(url)`. */
    gatewayMockModelUrl: string;
  }
}

let gateway: RealGateway | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env['OPENCLAW_REAL_GATEWAY'] === '0') {
    for (const key of ['gatewayUrl', 'gatewayToken', 'gatewayHttpUrl', 'gatewayMockModelUrl'] as const) project.provide(key, '');
    return async () => {};
  }
  const t0 = Date.now();
  ensureGatewayRuntime();
  const tInstall = Date.now() - t0;
  gateway = await startRealGateway();
  console.log(
    `[gateway] real OpenClaw gateway at ${gateway.url} (runtime check ${tInstall} ms, start to ready ${gateway.readyMs} ms)`,
  );
  project.provide('gatewayUrl', gateway.url);
  project.provide('gatewayToken', gateway.token);
  project.provide('gatewayHttpUrl', gateway.httpUrl);
  project.provide('gatewayMockModelUrl', gateway.mockModel.controlUrl);
  return async () => {
    const gw = gateway;
    gateway = undefined;
    await gw?.stop();
  };
}
