// A real OpenClaw gateway whose agent runs go through the official Codex plugin (installed by install.mjs into a
// prepared state dir) to the scripted app-server in fake-app-server.mjs. The gateway, the plugin, what they save
// and the run endings are real; only the app-server is scripted.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findNode24, runtimeDir, startRealGateway } from '../harness';
import type { RealGateway, RealGatewayOptions } from '../harness';
import { codexScripts } from './codex-script';
import type { CodexScripts } from './codex-script';

export type { CodexScripts, CodexStep } from './codex-script';

const here = dirname(fileURLToPath(import.meta.url));
/** Where each stand-in app-server of a gateway writes its pid, in the gateway's scripts dir. */
const STAND_IN_PIDS = 'app-servers.pid';

/** The official Codex plugin's version that `npm run test:gateway:setup` installs (runtime/package.json's pin). */
export const CODEX_PLUGIN_VERSION: string = (() => {
  const pin = (JSON.parse(readFileSync(join(runtimeDir, 'package.json'), 'utf8')) as { codexPlugin?: string }).codexPlugin;
  const version = pin?.slice(pin.lastIndexOf('@') + 1);
  if (!version) throw new Error(`no codexPlugin pin in ${join(runtimeDir, 'package.json')}`);
  return version;
})();

/** The model the Codex gateway's agent runs use; the plugin routes it to the app-server. */
export const CODEX_MODEL = 'openai/gpt-5.5';

/** A real gateway with the Codex plugin, and the scripts its stand-in app-server plays. */
export interface CodexGateway extends RealGateway {
  codex: CodexScripts;
}

/** The config that sends every agent run through the Codex plugin to the stand-in app-server. */
export function codexConfig(node: string): Record<string, unknown> {
  return {
    agents: {
      defaults: {
        model: { primary: CODEX_MODEL },
        models: { [CODEX_MODEL]: { agentRuntime: { id: 'codex' } } },
      },
    },
    // Only the Codex plugin: the harness turns plugins off, and every other bundled one only slows the start.
    plugins: {
      enabled: true,
      allow: ['codex'],
      slots: { memory: 'none' },
      entries: {
        codex: {
          enabled: true,
          config: {
            appServer: { command: node, args: [join(here, 'fake-app-server.mjs')], requestTimeoutMs: 60_000 },
            // Model discovery starts an app-server and lists its models within 2.5 s by default, the start included.
            // A gateway starved at its start misses that, and a run that needs the catalog then (a recovered run
            // right after a restart) fails with "codex app-server request timed out" (docs/gateway-findings.md §12).
            discovery: { timeoutMs: 60_000 },
          },
        },
      },
    },
  };
}

// The plugin starts the app-server in a process group of its own, so killing the gateway's group leaves it behind,
// often stopped by the plugin's shutdown halfway (state T, deaf to its closed stdin). The restarted gateway must then
// reap it, which a starved one fails to do in time ("Cannot reap registered Codex process"), and its runs fail. So
// the stand-ins write their pids (fake-app-server.mjs) and go with their gateway.
function killStandIns(scriptsDir: string): void {
  const file = join(scriptsDir, STAND_IN_PIDS);
  if (!existsSync(file)) return;
  for (const pid of readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number)) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('fake-app-server')) process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already, or no /proc here.
    }
  }
  rmSync(file, { force: true });
}

// The plugin registers every app-server it starts and deletes the entry when that child exits. Before it starts the
// next one, it reaps the registered ones whose gateway is gone, scanning /proc against a 2 s deadline. A gateway
// starved at its start misses that deadline ("Cannot reap registered Codex process"), and then no app-server starts
// and the run fails, a recovered run included (restart recovery tries three times within about 15 s). The stand-ins
// are killed with their gateway, which cannot see them exit, so their entries are deleted here, as the living gateway
// would have deleted them.
function forgetStandIns(node: string, stateDir: string): void {
  const db = join(stateDir, 'state', 'openclaw.sqlite');
  if (!existsSync(db)) return;
  const forget =
    "const {DatabaseSync}=require('node:sqlite');const db=new DatabaseSync(process.argv[1]);" +
    "db.prepare(\"DELETE FROM plugin_state_entries WHERE plugin_id='codex' AND namespace='app-server-processes'\").run();db.close()";
  const done = spawnSync(node, ['-e', forget, db], { encoding: 'utf8', timeout: 60_000 });
  if (done.status !== 0) throw new Error(`could not delete the stand-ins' registrations in ${db}: ${done.stderr || done.error?.message}`);
}

/** Starts a real gateway with the Codex plugin; stop it with `gw.stop()`. */
export async function startCodexGateway(opts: RealGatewayOptions = {}): Promise<CodexGateway> {
  const node = findNode24();
  const scriptsDir = join(runtimeDir, '..', '.state', `codex-scripts-${process.pid}-${Date.now()}`);
  mkdirSync(scriptsDir, { recursive: true });
  const gw = await startRealGateway({
    // A limit for a hang: a Codex gateway's restart took 240 s to ready on a loaded 2-core CI machine.
    readyTimeoutMs: 420_000,
    ...opts,
    onKilled: (stateDir) => {
      killStandIns(scriptsDir);
      forgetStandIns(node, stateDir);
      opts.onKilled?.(stateDir);
    },
    stateTemplate: join(runtimeDir, 'codex-state'),
    config: { ...codexConfig(node), ...opts.config },
    env: {
      CODEX_FAKE_SCRIPTS: scriptsDir,
      CODEX_FAKE_LOG: join(scriptsDir, 'requests.jsonl'),
      // The Codex plugin is version-bound: core 2026.9.6 counts the only published plugin, 2026.9.5, as stale and,
      // at every start, tries to install @openclaw/codex@2026.9.6, which npm does not have. That failed repair cost
      // about a minute of each start and left the startup migration unfinished, so it ran again on every restart
      // (docs/gateway-findings.md §12). Naming the plugin's own version as the compatibility host skips it.
      OPENCLAW_COMPATIBILITY_HOST_VERSION: CODEX_PLUGIN_VERSION,
      ...opts.env,
    },
  });
  const stop = gw.stop.bind(gw);
  return Object.assign(gw, {
    codex: codexScripts(scriptsDir),
    async stop() {
      await stop();
      rmSync(scriptsDir, { recursive: true, force: true });
    },
  });
}
