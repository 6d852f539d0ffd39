// Vitest globalSetup for the gateway-restart project: ONE real gateway and ONE Codex gateway that the project's files
// restart in turn, one file at a time, instead of a gateway of each file's own. A gateway start is about 20
// CPU-seconds, most of it module loading, and on two cores every start slows the stages beside it. They are not the
// gateway pool's (pool.ts): those are shared and never restarted. Files reach them with `restartableGateway()` and
// `restartableCodexGateway()` (restartable-gateway.ts).
import type { TestProject } from 'vitest/node';
import { startCodexGateway } from './codex/codex-gateway';
import { startGatewayControl } from './gateway-control';
import { ensureGatewayRuntime, startRealGateway } from './harness';
import type { PooledGateway } from './pool';

/** A restartable gateway as the files reach it: a pooled gateway's fields and its control route. */
type Restartable = PooledGateway & { controlUrl: string };

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
    /** ws://127.0.0.1:PORT of the Codex gateway the restart files share. */
    restartCodexGatewayUrl: string;
    /** Its shared token. */
    restartCodexGatewayToken: string;
    /** Where its stand-in app-server reads turn scripts. */
    restartCodexScriptsDir: string;
    /** Base URL of its control route. */
    restartCodexControlUrl: string;
    /** Its log file (stdout and stderr, across restarts). */
    restartCodexGatewayLogFile: string;
  }
}

const KEYS = [
  'restartGatewayUrl',
  'restartGatewayToken',
  'restartGatewayMockModelUrl',
  'restartGatewayControlUrl',
  'restartGatewayLogFile',
  'restartCodexGatewayUrl',
  'restartCodexGatewayToken',
  'restartCodexScriptsDir',
  'restartCodexControlUrl',
  'restartCodexGatewayLogFile',
] as const;

function provide(project: TestProject, plain: Restartable, codex: Restartable): void {
  project.provide('restartGatewayUrl', plain.url);
  project.provide('restartGatewayToken', plain.token);
  project.provide('restartGatewayMockModelUrl', plain.mockModelUrl!);
  project.provide('restartGatewayControlUrl', plain.controlUrl);
  project.provide('restartGatewayLogFile', plain.logFile);
  project.provide('restartCodexGatewayUrl', codex.url);
  project.provide('restartCodexGatewayToken', codex.token);
  project.provide('restartCodexScriptsDir', codex.scriptsDir!);
  project.provide('restartCodexControlUrl', codex.controlUrl);
  project.provide('restartCodexGatewayLogFile', codex.logFile);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // As in global-setup.ts: OPENCLAW_REAL_GATEWAY=0 starts nothing, and the files skip themselves.
  if (process.env['OPENCLAW_REAL_GATEWAY'] === '0') {
    for (const key of KEYS) project.provide(key, '');
    return async () => {};
  }
  ensureGatewayRuntime();
  // A short grace: a file may leave a question pending, and the gateway's own drain waits minutes for it.
  const [gw, codex] = await Promise.all([startRealGateway({ stopGraceMs: 1000 }), startCodexGateway({ stopGraceMs: 1000 })]);
  const [control, codexControl] = await Promise.all([startGatewayControl(gw), startGatewayControl(codex)]);
  console.log(`[gateway-restart] real OpenClaw gateway at ${gw.url} (start to ready ${gw.readyMs} ms), Codex gateway at ${codex.url}`);
  provide(
    project,
    { url: gw.url, httpUrl: gw.httpUrl, token: gw.token, logFile: gw.logFile, mockModelUrl: gw.mockModel.controlUrl, controlUrl: control.url },
    { url: codex.url, httpUrl: codex.httpUrl, token: codex.token, logFile: codex.logFile, scriptsDir: codex.codex.dir, controlUrl: codexControl.url },
  );
  return async () => {
    await Promise.all([control.close(), codexControl.close()]);
    await Promise.all([gw.stop(), codex.stop()]);
  };
}
