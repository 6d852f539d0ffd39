// Bundle size of the library build (dist/), as an app would ship it: gzip and brotli at their highest levels.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { BenchRow, BenchSuite } from "../lib/types";

const dist = fileURLToPath(new URL("../../dist/", import.meta.url));

function compressed(bytes: Buffer) {
  return {
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length,
  };
}

const EXTERNALS = "react, zustand, radix and idb-keyval are external";

function rowsFor(label: string, bytes: Buffer, note?: string): BenchRow[] {
  const { gzip, brotli } = compressed(bytes);
  const rows: BenchRow[] = [
    { metric: `${label} (raw)`, value: bytes.length / 1000, unit: "kB" },
    { metric: `${label} (gzip)`, value: gzip / 1000, unit: "kB" },
    { metric: `${label} (brotli)`, value: brotli / 1000, unit: "kB" },
  ];
  return note ? rows.map((row) => ({ ...row, note })) : rows;
}

interface SizeLimitResult {
  name: string;
  size: number;
}

/** What an app ships, minified and tree-shaken: each entry of .size-limit.json, as size-limit bundles it (brotli). */
function sizeLimitRows(): BenchRow[] {
  const bin = fileURLToPath(new URL("../../node_modules/.bin/size-limit", import.meta.url));
  let out: string;
  try {
    out = execFileSync(bin, ["--json"], { cwd: fileURLToPath(new URL("../..", import.meta.url)), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    // size-limit exits 1 when an entry is over its limit; its JSON is still on stdout.
    out = (error as { stdout?: string }).stdout ?? "";
  }
  const results = JSON.parse(out.slice(out.indexOf("["))) as SizeLimitResult[];
  return results.map((r) => ({ metric: `size-limit: ${r.name}`, value: r.size / 1000, unit: "kB", note: "size-limit (esbuild, minified, tree-shaken), brotli" }));
}

const suite: BenchSuite = {
  name: "bundle-size",
  async run() {
    if (!existsSync(`${dist}index.js`)) throw new Error("dist/index.js is missing: run `npm run build:lib` first");
    // The main entry with the shared chunks it imports; the simulated gateway and protocol are separate entries, and
    // the locale entries (dist/locales/*.js) sit in a folder this listing does not descend into.
    const js = readdirSync(dist).filter((file) => file.endsWith(".js"));
    const main = js.filter((file) => file !== "simulated.js" && file !== "protocol.js");
    const mainBytes = Buffer.concat(main.map((file) => readFileSync(`${dist}${file}`)));
    const rows = [
      ...rowsFor("index.js + shared chunks", mainBytes, EXTERNALS),
      ...rowsFor("question-dock.css", readFileSync(`${dist}question-dock.css`)),
    ];
    if (js.includes("simulated.js")) rows.push(...rowsFor("simulated.js", readFileSync(`${dist}simulated.js`)));
    return [...rows, ...sizeLimitRows()];
  },
};

export default suite;
