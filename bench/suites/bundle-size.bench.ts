// Bundle size of the library build (dist/), as an app would ship it: gzip and brotli at their highest levels.
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

const suite: BenchSuite = {
  name: "bundle-size",
  async run() {
    if (!existsSync(`${dist}index.js`)) throw new Error("dist/index.js is missing: run `npm run build:lib` first");
    // The main entry with the shared chunks it imports; the simulated gateway is a separate entry.
    const js = readdirSync(dist).filter((file) => file.endsWith(".js"));
    const main = js.filter((file) => file !== "simulated.js" && file !== "protocol.js");
    const mainBytes = Buffer.concat(main.map((file) => readFileSync(`${dist}${file}`)));
    const rows = [
      ...rowsFor("index.js + shared chunks", mainBytes, EXTERNALS),
      ...rowsFor("question-dock.css", readFileSync(`${dist}question-dock.css`)),
    ];
    if (js.includes("simulated.js")) rows.push(...rowsFor("simulated.js", readFileSync(`${dist}simulated.js`)));
    return rows;
  },
};

export default suite;
