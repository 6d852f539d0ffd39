// The kit side: build the library only when dist/ is missing or stale, pack it, and check what the tarball holds.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { run } from "./exec.mjs";
import { readTarball } from "./tarball.mjs";

// What a consumer imports; each must be in the tarball.
const REQUIRED = ["dist/index.js", "dist/protocol.js", "dist/simulated.js", "dist/question-dock.css", "dist/types/index.d.ts", "dist/types/protocol/index.d.ts", "dist/types/simulated/index.d.ts", "dist/locales/de.js", "dist/types/messages/de.d.ts"];
// The build's inputs: a newer one than the oldest required output means dist/ is stale.
const BUILD_INPUTS = ["src", "vite.config.ts", "tsconfig.build.json"];
// Folders that are the kit's own and must never ship.
const FORBIDDEN_DIRS = ["src", "test", "stories", "playground", "bench", "docs", ".storybook", "node_modules"];
const FORBIDDEN_NAME = /\.(test|spec|stories)\.[cm]?[jt]sx?$/;

/** Runs `npm run build:lib` unless dist/ is newer than every build input; says which it did. */
export async function ensureBuilt(root) {
  const outputs = REQUIRED.map((f) => join(root, f));
  const missing = outputs.filter((f) => !existsSync(f));
  let reason;
  if (missing.length > 0) reason = `dist/ is missing ${missing.length} file(s)`;
  else {
    const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
    const newest = newestInput(root);
    if (newest.mtimeMs > built) reason = `${newest.path} is newer than dist/`;
  }
  if (!reason) return "dist/ is up to date, not rebuilt";
  console.log(`[install] building the library: ${reason}`);
  await run("npm", ["run", "build:lib", "--silent"], { cwd: root });
  return `built with npm run build:lib (${reason})`;
}

function newestInput(root) {
  let newest = { path: "", mtimeMs: 0 };
  const visit = (rel) => {
    const stat = statSync(join(root, rel));
    if (stat.isDirectory()) for (const entry of readdirSync(join(root, rel))) visit(join(rel, entry));
    else if (stat.mtimeMs > newest.mtimeMs) newest = { path: rel, mtimeMs: stat.mtimeMs };
  };
  for (const input of BUILD_INPUTS) if (existsSync(join(root, input))) visit(input);
  return newest;
}

/** Packs the kit into `dir` with `npm pack`; resolves with the tarball's path. */
export async function pack(root, dir) {
  const stdout = await run("npm", ["pack", "--json", "--pack-destination", dir], { cwd: root });
  const [info] = JSON.parse(stdout.slice(stdout.indexOf("[")));
  return join(dir, info.filename);
}

/** Checks the tarball's contents and manifest; throws listing every problem; resolves with the packed manifest. */
export function checkTarball(tarball) {
  const files = new Map([...readTarball(tarball)].map(([path, body]) => [path.replace(/^package\//, ""), body]));
  const problems = [];
  const manifestBody = files.get("package.json");
  if (!manifestBody) throw new Error("the tarball has no package/package.json");
  const manifest = JSON.parse(manifestBody.toString("utf8"));

  const wanted = new Set(REQUIRED);
  for (const target of exportTargets(manifest)) wanted.add(target);
  for (const field of ["main", "module", "types"]) if (manifest[field]) wanted.add(manifest[field].replace(/^\.\//, ""));
  for (const path of wanted) if (!files.has(path)) problems.push(`missing ${path}`);
  if (![...files.keys()].some((p) => p.startsWith("dist/types/") && p.endsWith(".d.ts"))) problems.push("no .d.ts files under dist/types/");

  for (const path of files.keys()) {
    const top = path.split("/")[0];
    if (FORBIDDEN_DIRS.includes(top)) problems.push(`ships ${path} (the ${top}/ folder must stay out)`);
    else if (FORBIDDEN_NAME.test(path)) problems.push(`ships ${path} (a test or story file)`);
  }
  problems.push(...dependencyProblems(manifest, files));
  if (problems.length > 0) throw new Error(`the packed package is wrong:\n  - ${problems.join("\n  - ")}`);
  const dts = [...files.keys()].filter((p) => p.endsWith(".d.ts")).length;
  return { manifest, note: `${files.size} files (${dts} .d.ts), ${(statSync(tarball).size / 1024).toFixed(0)} KiB packed` };
}

function exportTargets(manifest) {
  const targets = [];
  const walk = (value) => {
    if (typeof value === "string") targets.push(value.replace(/^\.\//, ""));
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(manifest.exports);
  return targets;
}

// A dev-only package among dependencies, React bundled as a dependency, or a shipped import nothing declares.
function dependencyProblems(manifest, files) {
  const problems = [];
  const deps = Object.keys(manifest.dependencies ?? {});
  const peers = Object.keys(manifest.peerDependencies ?? {});
  const devs = new Set(Object.keys(manifest.devDependencies ?? {}));
  for (const dep of deps) if (devs.has(dep)) problems.push(`${dep} is in both dependencies and devDependencies`);
  for (const peer of peers) if (deps.includes(peer)) problems.push(`${peer} is a peer dependency and also a dependency`);
  const declared = new Set([...deps, ...peers]);
  for (const [path, body] of files) {
    if (!/\.(m?js|d\.ts)$/.test(path)) continue;
    for (const specifier of bareImports(body.toString("utf8"))) {
      const pkg = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];
      if (pkg.startsWith("node:")) problems.push(`${path} imports ${specifier}, a Node built-in, in a browser library`);
      else if (!declared.has(pkg)) problems.push(`${path} imports ${specifier}, which is neither a dependency nor a peer dependency${devs.has(pkg) ? " (only a devDependency)" : ""}`);
    }
  }
  return [...new Set(problems)];
}

function bareImports(code) {
  // Comments may say "from 'x'" in prose; only import and export statements count.
  const source = code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found = new Set();
  const patterns = [
    /(?:^|[;}])\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']/gm,
    /(?:^|[;}])\s*import\s*["']([^"']+)["']/gm,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) if (!/^[./]/.test(m[1])) found.add(m[1]);
  return found;
}

/** Whether the kit's package.json exports a `./protocol` subpath. */
export function hasProtocolExport(manifest) {
  return Boolean(manifest.exports && typeof manifest.exports === "object" && "./protocol" in manifest.exports);
}

/** The version the kit's lockfile pins for a package, so the app uses the toolchain the kit is tested with. */
export function lockedVersion(root, name) {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  const version = lock.packages?.[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`package-lock.json pins no version of ${name}`);
  return version;
}
