#!/usr/bin/env node
// Installs the real OpenClaw gateway (and the Node 24 it needs) into test/gateway/runtime,
// apart from the kit's own dependencies. Idempotent: does nothing when the pinned versions
// are already there. Plain Node 20, no dependencies.
//
//   node test/gateway/install.mjs           install if needed
//   node test/gateway/install.mjs --check   exit 1 (without installing) when an install is needed
//
// Why `--ignore-scripts`, and what is run by hand instead:
// - `openclaw`'s own preinstall refuses Node < 24.16 (npm runs it under the Node 20 that runs
//   npm), so a plain `npm install` fails. Its postinstall (prune stale dist files, repair an
//   optional native addon, then delete the `.openclaw-lifecycle-pending` marker) IS needed: while
//   that marker exists the CLI refuses to start. Both scripts are run here with Node 24.
// - The `node` npm package has no binary of its own: its preinstall (`installArchSpecificPackage`)
//   runs a nested `npm install --no-save node-<platform>-<arch>@<version>`, a package in the npm
//   registry that ships the real binary, and hard-links it to node_modules/node/bin/node. Nothing
//   is fetched from outside the registry. That script is run here by hand (with Node 20).
// - Every other dependency install script (koffi, protobufjs, @google/genai) stays skipped, as
//   npm 11 does by default for dependencies; the gateway runs without them.

import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const runtimeDir = join(here, 'runtime');
const npmCmd = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function pinned() {
  const pkg = readJson(join(runtimeDir, 'package.json'));
  if (!pkg) throw new Error(`missing ${join(runtimeDir, 'package.json')}`);
  return { openclaw: pkg.dependencies.openclaw, node: pkg.dependencies.node, codexPlugin: pkg.codexPlugin };
}

function installedVersion(name) {
  return readJson(join(runtimeDir, 'node_modules', name, 'package.json'))?.version;
}

function platformPackage() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${platform}-${process.arch}`;
}

/** Path of the Node 24 binary inside the runtime folder, or undefined. */
function exeName() {
  return process.platform === 'win32' ? 'node.exe' : 'node';
}

export function findNodeBinary() {
  const exe = exeName();
  const plat = platformPackage();
  const candidates = [
    join(runtimeDir, 'node_modules', 'node', 'bin', exe),
    join(runtimeDir, 'node_modules', 'node', 'node_modules', plat, 'bin', exe),
    join(runtimeDir, 'node_modules', plat, 'bin', exe),
  ];
  return candidates.find((c) => existsSync(c));
}

/** Path of the openclaw CLI entry (run it with the Node 24 binary). */
export function openclawEntry() {
  return join(runtimeDir, 'node_modules', 'openclaw', 'openclaw.mjs');
}

/** Reasons an install is needed; empty when the runtime is complete. */
export function installNeeds() {
  const want = pinned();
  const needs = [];
  const oc = installedVersion('openclaw');
  if (oc !== want.openclaw) needs.push(`openclaw ${oc ?? 'missing'} (want ${want.openclaw})`);
  else if (existsSync(join(runtimeDir, 'node_modules', 'openclaw', '.openclaw-lifecycle-pending')))
    needs.push('openclaw lifecycle scripts not run');
  const nd = installedVersion('node');
  if (nd !== want.node) needs.push(`node ${nd ?? 'missing'} (want ${want.node})`);
  else if (!findNodeBinary()) needs.push('node binary missing');
  if (want.codexPlugin && codexPluginVersion() !== versionOf(want.codexPlugin)) needs.push(`codex plugin ${codexPluginVersion() ?? 'missing'} (want ${want.codexPlugin})`);
  else if (unusedFiles().length > 0) needs.push('unused files in the prepared Codex state');
  return needs;
}

/** The gateway state dir with the Codex plugin installed; each Codex test gateway starts from a copy. */
export const codexStateDir = join(runtimeDir, 'codex-state');

const versionOf = (spec) => spec.slice(spec.lastIndexOf('@') + 1);

/** The version of @openclaw/codex installed in the prepared state dir, or undefined. */
function codexPluginVersion() {
  const projects = join(codexStateDir, 'npm', 'projects');
  if (!existsSync(projects)) return undefined;
  for (const project of readdirSync(projects)) {
    const version = readJson(join(projects, project, 'node_modules', '@openclaw', 'codex', 'package.json'))?.version;
    if (version) return version;
  }
  return undefined;
}

// `openclaw plugins install` from the registry into a fresh state dir (a linked or local copy is refused: the
// plugin's native compaction and keyed store need a registry-owned, trusted install). The install record lives in
// the state dir's database, so the whole dir is what a gateway copies.
function prepareCodexState(node, spec, log) {
  // Installed in place: the install record names its absolute path, and copies of this dir refer back to it.
  rmSync(codexStateDir, { recursive: true, force: true });
  mkdirSync(codexStateDir, { recursive: true });
  const configPath = join(codexStateDir, 'openclaw.json');
  writeFileSync(configPath, `${JSON.stringify({ update: { checkOnStart: false }, telemetry: { enabled: false } }, null, 2)}\n`);
  log(`[gateway-runtime] installing ${spec} into a prepared gateway state dir`);
  try {
    run(node, [openclawEntry(), 'plugins', 'install', `npm:${spec}`, '--force', '--accept-capabilities'], {
      cwd: runtimeDir,
      env: {
        ...process.env,
        PATH: pathWith(dirname(node)),
        HOME: codexStateDir,
        OPENCLAW_STATE_DIR: codexStateDir,
        OPENCLAW_CONFIG_PATH: configPath,
        OPENCLAW_NO_AUTO_UPDATE: '1',
        DO_NOT_TRACK: '1',
      },
    });
  } catch (err) {
    rmSync(codexStateDir, { recursive: true, force: true });
    throw err;
  }
  removeUnusedFiles();
}

// What every Codex gateway would copy or capture at its start for nothing: the Codex CLI's native binaries
// (`@openai/codex-<platform>`, about 330 MB), which the stand-in app-server replaces, and npm's cache when npm ran with
// this dir as its HOME. Every start captures the plugin with its dependencies into its state dir twice, reading,
// hashing and writing each file: about 680 MB a start with the binaries. A state prepared before they were left out
// still has them, so they count as an install need of their own.
function unusedFiles() {
  const projects = join(codexStateDir, 'npm', 'projects');
  if (!existsSync(projects)) return [];
  const found = existsSync(join(codexStateDir, '.npm')) ? [join(codexStateDir, '.npm')] : [];
  for (const project of readdirSync(projects)) {
    const scope = join(projects, project, 'node_modules', '@openai');
    if (!existsSync(scope)) continue;
    for (const name of readdirSync(scope)) if (name.startsWith('codex-')) found.push(join(scope, name));
  }
  return found;
}

function removeUnusedFiles() {
  for (const path of unusedFiles()) rmSync(path, { recursive: true, force: true });
}

function run(cmd, args, opts) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status}`);
}

function pathWith(dir) {
  return `${dir}${delimiter}${process.env.PATH ?? ''}`;
}

function ensureNodeBinary() {
  if (findNodeBinary()) return;
  const pkgDir = join(runtimeDir, 'node_modules', 'node');
  // The `node` package's own preinstall, run as npm would run it (cwd = the package).
  run(process.execPath, ['installArchSpecificPackage'], {
    cwd: pkgDir,
    env: { ...process.env, npm_config_global: 'false', npm_config_audit: 'false', npm_config_fund: 'false' },
  });
  if (!findNodeBinary()) throw new Error(`Node 24 binary missing after running ${pkgDir}/installArchSpecificPackage`);
}

function runOpenclawLifecycle(node) {
  const pkgDir = join(runtimeDir, 'node_modules', 'openclaw');
  const marker = join(pkgDir, '.openclaw-lifecycle-pending');
  if (!existsSync(marker)) return;
  const env = {
    ...process.env,
    PATH: pathWith(dirname(node)),
    npm_lifecycle_event: 'postinstall',
    npm_config_user_agent: `npm/${npmVersion()} node/${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()} ${process.platform} ${process.arch}`,
  };
  for (const script of ['scripts/preinstall-package-manager-warning.mjs', 'scripts/postinstall-bundled-plugins.mjs']) {
    run(node, [script], { cwd: pkgDir, env });
  }
  if (existsSync(marker)) throw new Error(`openclaw lifecycle marker still present: ${marker}`);
}

/** The npm CLI script of the npm running this install, so that another Node can run it. */
function findNpmCli() {
  const fromEnv = process.env.npm_execpath;
  if (fromEnv && /npm-cli\.js$/.test(fromEnv) && existsSync(fromEnv)) return fromEnv;
  const candidates = [
    join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
    join(dirname(process.execPath), 'node_modules', 'npm', 'bin', 'npm-cli.js'),
  ];
  const which = spawnSync(npmCmd, ['prefix', '-g'], { encoding: 'utf8' });
  if (which.status === 0) candidates.push(join(which.stdout.trim(), 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'));
  const found = candidates.find((c) => existsSync(c));
  return found ? realpathSync(found) : undefined;
}

function npmVersion() {
  return spawnSync(npmCmd, ['--version'], { encoding: 'utf8' }).stdout?.trim() || '0';
}

/** Installs when needed. Returns { installed, ms, node, openclaw }. */
export function ensureGatewayRuntime({ log = console.log } = {}) {
  const t0 = performance.now();
  const needs = installNeeds().filter((need) => !need.startsWith('codex plugin') && !need.startsWith('unused files'));
  let installed = false;
  if (needs.length > 0) {
    log(`[gateway-runtime] installing into test/gateway/runtime: ${needs.join('; ')}`);
    const npmArgs = ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];
    // 1. With the Node that runs this script. npm leaves out optional dependencies whose
    //    `engines` exclude that Node (openclaw's native @openclaw/fs-safe-<platform> wants >= 22).
    run(npmCmd, npmArgs, { cwd: runtimeDir });
    ensureNodeBinary();
    // 2. The same install again, npm now run by Node 24: adds those optional packages (about 1 s).
    //    It also prunes the unlocked binary that the `node` package's preinstall put in place,
    //    so that is restored once more afterwards.
    const npmCli = findNpmCli();
    if (npmCli) {
      // Keep the binary outside node_modules during that run and link it back afterwards, so
      // that it need not be unpacked again (the binary is self-contained).
      const keepDir = join(runtimeDir, '.node24-keep');
      const kept = join(keepDir, exeName());
      rmSync(keepDir, { recursive: true, force: true });
      mkdirSync(keepDir);
      linkSync(findNodeBinary(), kept);
      try {
        run(kept, [npmCli, ...npmArgs], { cwd: runtimeDir, env: { ...process.env, PATH: pathWith(keepDir) } });
        if (!findNodeBinary()) {
          const binDir = join(runtimeDir, 'node_modules', 'node', 'bin');
          mkdirSync(binDir, { recursive: true });
          linkSync(kept, join(binDir, exeName()));
        }
      } finally {
        rmSync(keepDir, { recursive: true, force: true });
      }
    } else {
      log('[gateway-runtime] npm-cli.js not found; optional native packages for Node >= 22 stay missing');
    }
    runOpenclawLifecycle(findNodeBinary());
    installed = true;
  }
  const want = pinned();
  if (want.codexPlugin && codexPluginVersion() !== versionOf(want.codexPlugin)) {
    prepareCodexState(findNodeBinary(), want.codexPlugin, log);
    installed = true;
  } else if (unusedFiles().length > 0) {
    log('[gateway-runtime] removing the Codex CLI binaries and npm cache from the prepared Codex state');
    removeUnusedFiles();
    installed = true;
  }
  const still = installNeeds();
  if (still.length > 0) throw new Error(`gateway runtime incomplete after install: ${still.join('; ')}`);
  const ms = Math.round(performance.now() - t0);
  const node = findNodeBinary();
  const v = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  log(
    `[gateway-runtime] ${installed ? 'installed' : 'already installed'}: openclaw@${installedVersion('openclaw')}, @openclaw/codex@${codexPluginVersion()}, node ${v} (${ms} ms)`,
  );
  return { installed, ms, node, openclaw: openclawEntry() };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  try {
    if (process.argv.includes('--check')) {
      const needs = installNeeds();
      console.log(needs.length ? `install needed: ${needs.join('; ')}` : 'gateway runtime complete');
      process.exit(needs.length ? 1 : 0);
    }
    ensureGatewayRuntime();
  } catch (err) {
    console.error(`[gateway-runtime] ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}
