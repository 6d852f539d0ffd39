#!/usr/bin/env node
// Proves the packed kit installs and works in a fresh Vite + React + TypeScript app, on React 19 and on React 18.2:
// pack and inspect the tarball, install it from the npm registry, type-check, build, server-render in Node and
// click the dock in Chromium. `INSTALL_KEEP=1` keeps the temp folder for a look afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkInBrowser, launchChromium } from "./browser-check.mjs";
import { writeConsumerApp } from "./consumer-app.mjs";
import { run } from "./exec.mjs";
import { checkTarball, ensureBuilt, hasProtocolExport, pack } from "./kit.mjs";
import { createStages } from "./stages.mjs";
import { reactVariants } from "./variants.mjs";

const CHECKS = ["tsc --noEmit (strict)", "renderToString in Node", "vite build", "Chromium"];
const root = fileURLToPath(new URL("../..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "question-dock-install-"));
const { stage, skip, summary } = createStages();
console.log(`[install] working in ${work}`);
// On every exit, an interrupted one too.
process.on("exit", () => {
  if (process.env["INSTALL_KEEP"]) console.log(`[install] kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
});

let tarball;
let manifest;
const packed =
  (await stage("kit: build if stale", () => ensureBuilt(root))) &&
  (await stage("kit: npm pack + tarball contents", async () => {
    tarball = await pack(root, work);
    const checked = checkTarball(tarball);
    manifest = checked.manifest;
    return checked.note;
  }));

// One Chromium for both variants, launched when the first app is ready for it.
let browser;
const openBrowser = () => (browser ??= launchChromium(root));

if (packed) {
  const protocol = hasProtocolExport(manifest);
  if (!protocol) throw new Error('package.json exports no "./protocol" subpath, which hosts import the protocol helpers from');
  console.log('[install] package.json exports "./protocol": the app imports parseQuestionRecord from it');
  // Installs run one after the other (one npm cache, one network); each variant's checks overlap the next install.
  let installing = Promise.resolve();
  const variants = reactVariants(root).map((variant) => {
    const installed = installing.then(() => installVariant(variant, protocol));
    installing = installed;
    return installed.then((dir) => (dir ? checkVariant(variant, dir, protocol) : undefined));
  });
  await Promise.all(variants);
}

async function installVariant(variant, protocol) {
  const dir = join(work, variant.name.replace(/\W+/g, "-"));
  writeConsumerApp(dir, { tarball, versions: variant.versions, protocol });
  const ok = await stage(`${variant.name}: npm install`, async () => {
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd: dir });
    return Object.entries(variant.versions).map(([k, v]) => `${k}@${v}`).join(" ");
  });
  if (!ok) for (const what of CHECKS) skip(`${variant.name}: ${what}`, "npm install failed");
  return ok ? dir : undefined;
}

// Type-checking is the slowest step and needs nothing else, so it runs beside the build-and-browse chain.
async function checkVariant(variant, dir, protocol) {
  const label = (what) => `${variant.name}: ${what}`;
  const bin = (name) => join(dir, "node_modules/.bin", name);
  const typecheck = stage(label(CHECKS[0]), () => run(bin("tsc"), ["-p", "tsconfig.json"], { cwd: dir }).then(() => ""));
  const chain = (async () => {
    await stage(label(CHECKS[1]), async () => {
      const out = await run(process.execPath, ["ssr-check.mjs", variant.versions.react], { cwd: dir });
      return `${JSON.parse(out.trim().split("\n").pop()).bytes} bytes of HTML`;
    });
    const built = await stage(label(CHECKS[2]), async () => buildWarnings(await run(bin("vite"), ["build"], { cwd: dir, combined: true })));
    if (!built) return skip(label(CHECKS[3]), "vite build failed");
    await stage(label(CHECKS[3]), async () =>
      checkInBrowser(await openBrowser(), join(dir, "dist"), { reactVersion: variant.versions.react, protocol }),
    );
  })();
  await Promise.all([typecheck, chain]);
}

// Vite's warnings are not failures (third-party "use client" directives, say) but are worth a line in the summary.
function buildWarnings(output) {
  const byCode = new Map();
  for (const [, code, rest] of output.matchAll(/^\[([A-Z_]+)\]([^\n]*)/gm)) {
    const entry = byCode.get(code) ?? { count: 0, packages: new Set() };
    entry.count += 1;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/"]+)/.exec(rest)?.[1];
    if (pkg) entry.packages.add(pkg);
    byCode.set(code, entry);
  }
  const lines = [...byCode].map(([code, { count, packages }]) => {
    const names = [...packages];
    const where = names.length === 0 ? "" : ` in ${names.slice(0, 2).join(", ")}${names.length > 2 ? ` +${names.length - 2} more` : ""}`;
    return `${code} ×${count}${where}`;
  });
  return lines.length === 0 ? "" : `warnings: ${lines.join("; ")}`;
}

await browser?.then((b) => b.close(), () => {});
process.exit(summary() ? 0 : 1);
