// Vitest globalSetup for the real-gateway project: hands the tests ONE real OpenClaw gateway for the whole run,
// and beside it ONE gateway whose runs go through the Codex plugin (codex/codex-gateway.ts): the shared ones of the
// gateway pool when `npm test` runs one (pool.ts), else two it starts (installing the runtime if needed):
//
//   import { inject } from 'vitest';
//   const url = inject('gatewayUrl'); const token = inject('gatewayToken');
//
// Set OPENCLAW_REAL_GATEWAY=0 to skip starting it: every provided value is then '' (tests
// should skip themselves, e.g. `describe.skipIf(!inject('gatewayUrl'))`).
import type { TestProject } from 'vitest/node';
import { startCodexGateway } from './codex/codex-gateway';
import { ensureGatewayRuntime, startRealGateway } from './harness';
import type { RealGateway } from './harness';
import { gatewayPool } from './pool';

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
    /** ws://127.0.0.1:PORT of the gateway whose agent runs go through the Codex plugin ('' when skipped). */
    codexGatewayUrl: string;
    /** Its shared gateway token. */
    codexGatewayToken: string;
    /** Where its stand-in app-server reads turn scripts: write them with `codexScripts(dir)`. */
    codexScriptsDir: string;
  }
}

const KEYS = ['gatewayUrl', 'gatewayToken', 'gatewayHttpUrl', 'gatewayMockModelUrl', 'codexGatewayUrl', 'codexGatewayToken', 'codexScriptsDir'] as const;

let gateway: RealGateway | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env['OPENCLAW_REAL_GATEWAY'] === '0') {
    for (const key of KEYS) project.provide(key, '');
    return async () => {};
  }
  const pool = gatewayPool();
  if (pool) {
    project.provide('gatewayUrl', pool.plain.url);
    project.provide('gatewayToken', pool.plain.token);
    project.provide('gatewayHttpUrl', pool.plain.httpUrl);
    project.provide('gatewayMockModelUrl', pool.plain.mockModelUrl!);
    project.provide('codexGatewayUrl', pool.codex.url);
    project.provide('codexGatewayToken', pool.codex.token);
    project.provide('codexScriptsDir', pool.codex.scriptsDir!);
    console.log(`[gateway] the pool's gateways: ${pool.plain.url}, Codex ${pool.codex.url}`);
    return async () => {};
  }
  const t0 = Date.now();
  ensureGatewayRuntime();
  const tInstall = Date.now() - t0;
  // Started together: each spends most of its start waiting on its own sidecars.
  const [plain, codex] = await Promise.allSettled([startRealGateway(), startCodexGateway()]);
  if (plain.status === 'rejected' || codex.status === 'rejected') {
    if (plain.status === 'fulfilled') await plain.value.stop();
    if (codex.status === 'fulfilled') await codex.value.stop();
    throw plain.status === 'rejected' ? plain.reason : (codex as PromiseRejectedResult).reason;
  }
  gateway = plain.value;
  const codexGateway = codex.value;
  console.log(
    `[gateway] real OpenClaw gateway at ${gateway.url} (runtime check ${tInstall} ms, start to ready ${gateway.readyMs} ms); Codex gateway at ${codexGateway.url} (${codexGateway.readyMs} ms)`,
  );
  project.provide('gatewayUrl', gateway.url);
  project.provide('gatewayToken', gateway.token);
  project.provide('gatewayHttpUrl', gateway.httpUrl);
  project.provide('gatewayMockModelUrl', gateway.mockModel.controlUrl);
  project.provide('codexGatewayUrl', codexGateway.url);
  project.provide('codexGatewayToken', codexGateway.token);
  project.provide('codexScriptsDir', codexGateway.codex.dir);
  return async () => {
    const gw = gateway;
    gateway = undefined;
    await Promise.all([gw?.stop(), codexGateway.stop()]);
  };
}
