// Vitest globalSetup for the gateway-restart project: ONE real gateway that the project's files restart in turn,
// one file at a time, instead of a gateway of each file's own. A gateway start is about 20 CPU-seconds, most of it
// module loading, and on two cores every start slows the stages beside it. Files reach it with
// `restartableGateway()` (restartable-gateway.ts).
import type { TestProject } from 'vitest/node';
import { startGatewayControl } from './gateway-control';
import { ensureGatewayRuntime, startRealGateway } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** ws://127.0.0.1:PORT of the gateway the restart files share. */
    restartGatewayUrl: string;
    /** Its shared token. */
    restartGatewayToken: string;
    /** Base URL of its mock model's control routes. */
    restartGatewayMockModelUrl: string;
    /** Base URL of its control route: `restartGateway(url)`. */
    restartGatewayControlUrl: string;
    /** Its log file (stdout and stderr, across restarts). */
    restartGatewayLogFile: string;
  }
}

const KEYS = ['restartGatewayUrl', 'restartGatewayToken', 'restartGatewayMockModelUrl', 'restartGatewayControlUrl', 'restartGatewayLogFile'] as const;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // As in global-setup.ts: OPENCLAW_REAL_GATEWAY=0 starts nothing, and the files skip themselves.
  if (process.env['OPENCLAW_REAL_GATEWAY'] === '0') {
    for (const key of KEYS) project.provide(key, '');
    return async () => {};
  }
  ensureGatewayRuntime();
  // A short grace: a file may leave a question pending, and the gateway's own drain waits minutes for it.
  const gw = await startRealGateway({ stopGraceMs: 1000 });
  const control = await startGatewayControl(gw);
  console.log(`[gateway-restart] real OpenClaw gateway at ${gw.url} (start to ready ${gw.readyMs} ms)`);
  project.provide('restartGatewayUrl', gw.url);
  project.provide('restartGatewayToken', gw.token);
  project.provide('restartGatewayMockModelUrl', gw.mockModel.controlUrl);
  project.provide('restartGatewayControlUrl', control.url);
  project.provide('restartGatewayLogFile', gw.logFile);
  return async () => {
    await control.close();
    await gw.stop();
  };
}
