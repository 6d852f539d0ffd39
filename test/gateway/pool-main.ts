// Starts the gateway pool of one run (pool.ts says what it holds), writes its file once both gateways answer a
// handshake, and stops them on SIGTERM or SIGINT. Loaded by run-pool.mjs.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { startCodexGateway } from './codex/codex-gateway';
import { ensureGatewayRuntime, startRealGateway } from './harness';
import type { GatewayPool } from './pool';

/** Runs the pool until a stop signal; `file` is where its description goes. */
export async function runPool(file: string): Promise<void> {
  ensureGatewayRuntime();
  rmSync(file, { force: true });
  const t0 = Date.now();
  // Started together: each spends much of its start waiting on its own sidecars.
  const [plain, codex] = await Promise.allSettled([startRealGateway(), startCodexGateway()]);
  const stop = async () => {
    rmSync(file, { force: true });
    await Promise.all([plain, codex].map((started) => (started.status === 'fulfilled' ? started.value.stop() : undefined)));
  };
  if (plain.status === 'rejected' || codex.status === 'rejected') {
    await stop();
    throw plain.status === 'rejected' ? plain.reason : (codex as PromiseRejectedResult).reason;
  }
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop().then(() => process.exit(0), () => process.exit(1));
    });
  }
  const { value: gw } = plain;
  const { value: cx } = codex;
  const pool: GatewayPool = {
    plain: { url: gw.url, httpUrl: gw.httpUrl, token: gw.token, logFile: gw.logFile, mockModelUrl: gw.mockModel.controlUrl },
    codex: { url: cx.url, httpUrl: cx.httpUrl, token: cx.token, logFile: cx.logFile, scriptsDir: cx.codex.dir },
  };
  mkdirSync(dirname(file), { recursive: true });
  // Renamed into place, so that a reader never sees half a file.
  writeFileSync(`${file}.tmp`, `${JSON.stringify(pool, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  console.log(`[gateway pool] ready in ${((Date.now() - t0) / 1000).toFixed(1)} s: plain ${gw.url}, Codex ${cx.url}`);
  // Until a signal: the gateways keep the process alive.
}
