// The shared real gateways of one `npm test` run: one plain and one with the Codex plugin, started once
// (test/gateway/run-pool.mjs, a stage of test/run.mjs) and used by Vitest and Playwright at the same time instead of
// gateways of their own. Its file (GATEWAY_POOL) says where they are. They are never restarted: each test keeps to
// sessions of its own and scripts the mock model under its session's scope (mock-model.ts) or the Codex app-server by
// keys of its own. The tests that restart or kill a gateway (the gateway-restart project, one Playwright spec, the
// soak) keep gateways of their own. A runner started without the pool starts its own, as a test file run alone does.
import { existsSync, readFileSync } from 'node:fs';

/** A gateway of the pool, as a test process reaches it. */
export interface PooledGateway {
  /** ws://127.0.0.1:PORT */
  url: string;
  /** http://127.0.0.1:PORT */
  httpUrl: string;
  token: string;
  /** Its log file (stdout and stderr, across restarts). */
  logFile: string;
  /** Base URL of the mock model's control routes (plain gateways). */
  mockModelUrl?: string;
  /** Where the stand-in Codex app-server reads its turn scripts (Codex gateways). */
  scriptsDir?: string;
}

/** The pool file's content. */
export interface GatewayPool {
  plain: PooledGateway;
  codex: PooledGateway;
}

/** The environment variable that names the pool file. */
export const POOL_ENV = 'GATEWAY_POOL';

/** The pool of this run, or undefined when the runner was started without one. */
export function gatewayPool(): GatewayPool | undefined {
  const file = process.env[POOL_ENV];
  if (!file) return undefined;
  if (!existsSync(file)) throw new Error(`${POOL_ENV}=${file}, but the file is missing: the gateway pool is not running`);
  return JSON.parse(readFileSync(file, 'utf8')) as GatewayPool;
}
