// Runs the REAL OpenClaw gateway (test/gateway/runtime, installed by install.mjs) on loopback
// for tests: a temp state dir, token auth, no network, a scripted mock model provider, and
// readiness proven by a real `connect` handshake. No React here.
//
//   const gw = await startRealGateway();
//   const c = await connectRaw(gw.url, gw.token);
//   ...
//   await gw.stop();
//
// With `auth: "trusted-proxy"` the gateway has no token at all: its owner connects directly on loopback with
// `gw.password` (`connectRaw(gw.url, "", { auth: { password: gw.password } })`), and a guest, a verified user profile,
// connects as a trusted proxy would forward it: `connectRaw(gw.url, "", { auth: {}, headers: trustedProxyHeaders(user) })`.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockModel } from './mock-model';
import type { MockModel } from './mock-model';
import { GatewayRequestError, connectRaw, isStartupUnavailable } from './raw-client';

export type { MockModel, MockReply, MockRequest } from './mock-model';

const here = dirname(fileURLToPath(import.meta.url));
// OPENCLAW_HARNESS_RUNTIME_DIR: for bundled copies of this file that live elsewhere.
export const runtimeDir = process.env['OPENCLAW_HARNESS_RUNTIME_DIR'] ?? join(here, 'runtime');

export interface RealGatewayOptions {
  /** Gateway port; a free loopback port when omitted. */
  port?: number;
  /** Deep-merged over the generated openclaw.json (e.g. `{ agents: { defaults: { timeoutSeconds: 5 } } }`). */
  config?: Record<string, unknown>;
  /** Extra environment for the gateway process. */
  env?: Record<string, string>;
  /** How long to wait for a successful handshake after spawn. Default 300 s (about 12 s on an idle machine). */
  readyTimeoutMs?: number;
  /** Grace period between SIGTERM and SIGKILL when stopping/restarting. Default 5 s. */
  stopGraceMs?: number;
  /** Runs once the gateway's process group is killed, with its state dir: what it started in groups of their own is not in it. */
  onKilled?: (stateDir: string) => void;
  /**
   * How connections authenticate. "token" (the default): a shared token, so every connection is the gateway owner.
   * "trusted-proxy": no token anywhere (config, env, command line); the owner uses `password` on a direct loopback
   * connection, and an upgrade from 127.0.0.1 that carries `x-forwarded-user` (and a non-loopback
   * `x-forwarded-for`) is that user's verified profile, its browser device auto-approved for
   * `guestScopes`. See docs/gateway-findings.md §7.
   */
  auth?: 'token' | 'trusted-proxy';
  /** Trusted-proxy mode: the scopes a guest's device is auto-approved for. Default `["operator.sessions.write"]`. */
  guestScopes?: string[];
  /**
   * A prepared gateway state dir (e.g. with a plugin installed) that this gateway starts from: copied, except its
   * `npm` folder of installed plugin packages, which is linked (hundreds of MB, read only).
   */
  stateTemplate?: string;
}

/** The header a trusted-proxy gateway of this harness reads the user from. */
export const TRUSTED_PROXY_USER_HEADER = 'x-forwarded-user';
/** The Origin the harness's trusted-proxy gateway allows for browser clients (the kit's dev server). */
export const TRUSTED_PROXY_ORIGIN = 'http://127.0.0.1:5173';

/**
 * The upgrade headers a trusted proxy in front of the gateway would add for `user`. The client address must not be
 * loopback (the gateway then cannot attribute the request); 203.0.113.7 is a documentation address.
 */
export function trustedProxyHeaders(user: string, clientIp = '203.0.113.7'): Record<string, string> {
  return { [TRUSTED_PROXY_USER_HEADER]: user, 'x-forwarded-for': clientIp };
}

export interface RealGateway {
  /** ws://127.0.0.1:PORT */
  url: string;
  /** http://127.0.0.1:PORT (serves OpenClaw's own Control UI at /). */
  httpUrl: string;
  /** The shared token; "" on a trusted-proxy gateway, which has none. */
  token: string;
  /** How connections authenticate (see `RealGatewayOptions.auth`). */
  auth: 'token' | 'trusted-proxy';
  /** The owner's password on a trusted-proxy gateway (a direct loopback connection only). */
  password?: string;
  port: number;
  /** Stops the process group, the mock model, and removes the temp dir. */
  stop(): Promise<void>;
  /** Stops the gateway process and starts it again: same port, token, state dir and config. */
  restart(): Promise<void>;
  mockModel: MockModel;
  /** OPENCLAW_STATE_DIR (inside the temp dir). */
  stateDir: string;
  /** The temp dir: HOME, state dir, workspace and log. */
  tempDir: string;
  /** Gateway stdout+stderr, appended across restarts. */
  logFile: string;
  /** Time from the latest spawn to a successful handshake, in ms. */
  readyMs: number;
  /** How the last stop of the process went: duration, and whether SIGKILL was needed. */
  lastStop?: { ms: number; forced: boolean };
  /** Last `lines` lines of the log. */
  logTail(lines?: number): string;
}

function exeName(): string {
  return process.platform === 'win32' ? 'node.exe' : 'node';
}

/** The Node 24 binary installed by install.mjs. */
export function findNode24(): string {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  const plat = `${prefix}-${platform}-${process.arch}`;
  const candidates = [
    join(runtimeDir, 'node_modules', 'node', 'bin', exeName()),
    join(runtimeDir, 'node_modules', 'node', 'node_modules', plat, 'bin', exeName()),
    join(runtimeDir, 'node_modules', plat, 'bin', exeName()),
  ];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error('Node 24 for the gateway is not installed: run `node test/gateway/install.mjs`');
  return found;
}

export function openclawEntry(): string {
  const entry = join(runtimeDir, 'node_modules', 'openclaw', 'openclaw.mjs');
  if (!existsSync(entry)) throw new Error('openclaw is not installed: run `node test/gateway/install.mjs`');
  return entry;
}

/** A free TCP port on 127.0.0.1 (the listener is closed again before returning). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    out[k] = isObject(v) && isObject(out[k]) ? deepMerge(out[k] as Record<string, unknown>, v) : v;
  }
  return out;
}

export function gatewayConfig(p: {
  port: number;
  token: string;
  workspace: string;
  mockBaseUrl: string;
  modelId: string;
  logFile: string;
}) {
  return {
    // Otherwise the gateway also writes a shared dated log under the OS temp dir.
    logging: { file: p.logFile },
    gateway: { mode: 'local', bind: 'loopback', port: p.port, auth: { mode: 'token', token: p.token } },
    update: { checkOnStart: false },
    telemetry: { enabled: false },
    discovery: { mdns: { mode: 'off' } },
    // Questions, sessions, runs and device pairing are the gateway's own; its 14 default-on bundled plugins (browser,
    // canvas, memory, providers…) are not, and loading them was most of a start: about 19 s of a 40 s one on a busy
    // 2-core machine. A gateway that needs one (the Codex gateway) allows it by name.
    plugins: { enabled: false },
    agents: {
      defaults: {
        workspace: p.workspace,
        model: { primary: `mock/${p.modelId}` },
        heartbeat: { every: '0m' },
      },
    },
    models: {
      mode: 'replace',
      catalogRefresh: { enabled: false },
      providers: {
        mock: {
          baseUrl: p.mockBaseUrl,
          api: 'openai-completions',
          apiKey: 'mock-local',
          models: [
            {
              id: p.modelId,
              name: 'Mock Model',
              reasoning: false,
              input: ['text'],
              cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
              contextWindow: 128000,
              maxTokens: 4096,
            },
          ],
        },
      },
    },
  };
}

// The `gateway` section of a trusted-proxy gateway: loopback is the proxy (127.0.0.1 is trusted and opted in), the
// user comes from x-forwarded-user, a guest's browser device is paired at once for `guestScopes`, and the owner
// keeps a password for direct loopback connections.
function trustedProxyGateway(port: number, password: string, guestScopes: string[]) {
  return {
    mode: 'local',
    bind: 'loopback',
    port,
    trustedProxies: ['127.0.0.1'],
    controlUi: { allowedOrigins: [TRUSTED_PROXY_ORIGIN] },
    auth: {
      mode: 'trusted-proxy',
      password,
      trustedProxy: {
        userHeader: TRUSTED_PROXY_USER_HEADER,
        allowLoopback: true,
        deviceAutoApprove: { enabled: true, scopes: guestScopes },
      },
    },
  };
}

// Every live gateway process group of this process, killed when the process exits.
const liveGroups = new Set<number>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  const killAll = () => {
    for (const pid of liveGroups) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    liveGroups.clear();
  };
  process.on('exit', killAll);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(sig, () => {
      killAll();
      process.kill(process.pid, sig);
    });
  }
}

/**
 * A detached watchdog (plain Node, this process's binary) that SIGKILLs the gateway's process
 * group and removes the temp dir if this process dies without cleaning up (e.g. SIGKILL).
 */
function startWatchdog(gatewayPid: number, tempDir: string): ChildProcess {
  const script = `
    const [parent, group, dir] = process.argv.slice(1);
    const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
    const t = setInterval(() => {
      if (alive(Number(parent))) return;
      clearInterval(t);
      try { process.kill(-Number(group), 'SIGKILL'); } catch {}
      setTimeout(() => { try { require('node:fs').rmSync(dir, { recursive: true, force: true }); } catch {} process.exit(0); }, 500);
    }, 1000);
  `;
  const wd = spawn(process.execPath, ['-e', script, String(process.pid), String(gatewayPid), tempDir], {
    detached: true,
    stdio: 'ignore',
  });
  wd.unref();
  return wd;
}

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(t);
      resolve(true);
    });
  });
}

/** The last `lines` lines of a log file, or "(no log)". */
export function tail(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function copyStateTemplate(template: string, stateDir: string): void {
  if (!existsSync(template)) throw new Error(`gateway state template missing: ${template} (run \`node test/gateway/install.mjs\`)`);
  cpSync(template, stateDir, { recursive: true, verbatimSymlinks: true, filter: (src) => src !== join(template, 'npm') });
  if (existsSync(join(template, 'npm'))) symlinkSync(join(template, 'npm'), join(stateDir, 'npm'), 'dir');
}

export async function startRealGateway(opts: RealGatewayOptions = {}): Promise<RealGateway> {
  const node24 = findNode24();
  const entry = openclawEntry();
  installExitHook();

  const tempDir = mkdtempSync(join(tmpdir(), 'openclaw-gw-'));
  const stateDir = join(tempDir, '.openclaw');
  const workspace = join(tempDir, 'workspace');
  const configPath = join(stateDir, 'openclaw.json');
  const logFile = join(tempDir, 'gateway.log');
  mkdirSync(stateDir, { recursive: true });
  mkdirSync(workspace, { recursive: true });
  if (opts.stateTemplate) copyStateTemplate(opts.stateTemplate, stateDir);

  let mockModel: MockModel;
  let port: number;
  try {
    mockModel = await startMockModel();
    port = opts.port ?? (await freePort());
  } catch (err) {
    rmSync(tempDir, { recursive: true, force: true });
    throw err;
  }
  const auth = opts.auth ?? 'token';
  const proxied = auth === 'trusted-proxy';
  // The gateway refuses to start when trusted-proxy and token auth meet ("mutually exclusive"): no token at all then.
  const token = proxied ? '' : randomBytes(24).toString('hex');
  const password = proxied ? randomBytes(24).toString('hex') : undefined;
  const generated = gatewayConfig({
    port,
    token,
    workspace,
    mockBaseUrl: mockModel.baseUrl,
    modelId: mockModel.modelId,
    logFile: join(tempDir, 'openclaw.jsonl'),
  });
  const base = proxied ? { ...generated, gateway: trustedProxyGateway(port, password!, opts.guestScopes ?? ['operator.sessions.write']) } : generated;
  const config = opts.config ? deepMerge(base, opts.config) : base;
  writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);

  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Nothing of the test runner's own Node/npm/vitest setup leaks into the gateway.
    if (v === undefined || /^(npm_|NODE_OPTIONS$|NODE_PATH$|VITEST|TEST$|OPENCLAW_)/.test(k)) continue;
    env[k] = v;
  }
  Object.assign(env, {
    PATH: `${dirname(node24)}${delimiter}${process.env['PATH'] ?? ''}`,
    HOME: tempDir,
    OPENCLAW_STATE_DIR: stateDir,
    OPENCLAW_CONFIG_PATH: configPath,
    ...(proxied ? {} : { OPENCLAW_GATEWAY_TOKEN: token }),
    OPENCLAW_NO_AUTO_UPDATE: '1',
    OPENCLAW_DISABLE_BONJOUR: '1',
    OPENCLAW_SKIP_CHANNELS: '1',
    OPENCLAW_SKIP_CRON: '1',
    OPENCLAW_SKIP_CANVAS_HOST: '1',
    OPENCLAW_NO_RESPAWN: '1',
    OPENCLAW_EXEC_SHELL_SNAPSHOT: '0',
    // No network: a plugin repair the gateway tries at start (`npm view` for a newer official plugin) fails at once
    // instead of waiting on the registry.
    npm_config_offline: 'true',
    DO_NOT_TRACK: '1',
    NO_COLOR: '1',
    ...opts.env,
  });

  let child: ChildProcess | undefined;
  let watchdog: ChildProcess | undefined;
  let stopped = false;

  const spawnGateway = async (): Promise<number> => {
    const t0 = Date.now();
    const fd = openSync(logFile, 'a');
    writeFileSync(fd, `\n=== harness: spawn at ${new Date(t0).toISOString()} ===\n`);
    const args = [entry, 'gateway', 'run', '--port', String(port), '--bind', 'loopback', ...(proxied ? [] : ['--auth', 'token'])];
    const proc = spawn(node24, args, {
      cwd: tempDir,
      env,
      detached: true, // own process group: stop() kills everything it started
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    if (!proc.pid) throw new Error('failed to spawn the gateway');
    child = proc;
    liveGroups.add(proc.pid);
    proc.once('exit', () => liveGroups.delete(proc.pid!));
    watchdog?.kill();
    watchdog = startWatchdog(proc.pid, tempDir);

    const url = `ws://127.0.0.1:${port}`;
    // A limit for a hang: on a busy 2-core machine a restart has been seen to take 170 s to ready.
    const timeoutMs = opts.readyTimeoutMs ?? 300_000;
    let exited = false;
    proc.once('exit', () => {
      exited = true;
    });
    const deadline = t0 + timeoutMs;
    let lastErr: unknown;
    while (Date.now() < deadline && !exited) {
      try {
        // The gateway's own handshake limit is 15 s; a probe that gives up sooner fails while a busy gateway is ready.
        const c = await connectRaw(url, token, { retryForMs: Math.min(5000, deadline - Date.now()), timeoutMs: 20_000, ...(password ? { auth: { password } } : {}) });
        await c.close();
        return Date.now() - t0;
      } catch (err) {
        lastErr = err;
        // A definite refusal (bad token, protocol mismatch...) will not go away by waiting.
        if (err instanceof GatewayRequestError && !isStartupUnavailable(err)) break;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    const why = exited
      ? `exited with ${proc.exitCode ?? proc.signalCode}`
      : lastErr instanceof GatewayRequestError
        ? 'refused the handshake'
        : `not ready after ${timeoutMs} ms`;
    await killGroup(proc);
    throw new Error(
      `OpenClaw gateway ${why} (last error: ${lastErr instanceof Error ? lastErr.message : String(lastErr)})\n--- ${logFile} (tail) ---\n${tail(logFile, 40)}`,
    );
  };

  // SIGTERM first (the gateway drains and closes sockets with 1012), SIGKILL after the grace
  // period. Note: while a question is pending, the gateway's drain waits for it (up to ~315 s),
  // so a stop/restart with pending questions always ends in SIGKILL after the grace period.
  const killGroup = async (proc: ChildProcess): Promise<void> => {
    if (!proc.pid) return;
    const t0 = Date.now();
    const signal = (s: NodeJS.Signals) => {
      try {
        process.kill(-proc.pid!, s);
      } catch {
        /* gone */
      }
    };
    signal('SIGTERM');
    let forced = false;
    if (!(await waitExit(proc, opts.stopGraceMs ?? 5000))) {
      forced = true;
      signal('SIGKILL');
      await waitExit(proc, 5000);
    }
    // Whatever else is left in the group (workers, helpers).
    signal('SIGKILL');
    opts.onKilled?.(stateDir);
    liveGroups.delete(proc.pid);
    gw.lastStop = { ms: Date.now() - t0, forced };
  };

  // OpenClaw gives its state lease 5 s to come up at start; on a starved machine that alone can fail a start, so such a
  // start is tried once more on the same state. Any other failure is the gateway's answer and stands.
  const spawnReady = async (): Promise<number> => {
    try {
      return await spawnGateway();
    } catch (err) {
      const log = tail(logFile, 40);
      const thisStart = log.slice(Math.max(0, log.lastIndexOf('=== harness: spawn at')));
      if (!thisStart.includes('state lease heartbeat did not become ready')) throw err;
      if (child) await killGroup(child);
      return spawnGateway();
    }
  };

  const gw: RealGateway = {
    url: `ws://127.0.0.1:${port}`,
    httpUrl: `http://127.0.0.1:${port}`,
    token,
    auth,
    ...(password ? { password } : {}),
    port,
    mockModel,
    stateDir,
    tempDir,
    logFile,
    readyMs: 0,
    logTail: (lines = 40) => tail(logFile, lines),
    async restart() {
      if (stopped) throw new Error('gateway already stopped');
      if (child) await killGroup(child);
      gw.readyMs = await spawnReady();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (child) await killGroup(child);
      watchdog?.kill();
      await mockModel.close();
      rmSync(tempDir, { recursive: true, force: true });
    },
  };

  try {
    gw.readyMs = await spawnReady();
  } catch (err) {
    stopped = true;
    watchdog?.kill();
    await mockModel.close();
    // Keep the temp dir only when asked to, for post-mortems.
    if (!process.env['OPENCLAW_HARNESS_KEEP']) rmSync(tempDir, { recursive: true, force: true });
    throw err;
  }
  return gw;
}

/** Runs install.mjs synchronously (fast no-op when already installed); throws on failure. */
export function ensureGatewayRuntime(): void {
  const r = spawnSync(process.execPath, [join(here, 'install.mjs')], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`test/gateway/install.mjs failed (${r.status ?? r.signal})`);
}
