// The library ships as one file (dist/index.js), so a host's bundler keeps every module-level call in it that it
// cannot prove free of effects, with all that call refers to, whatever the host imports; `/* @__PURE__ */` marks
// the ones that are free (CONTRIBUTING). The source cannot show a missing mark: package.json's `sideEffects` lets a
// bundler drop whole source modules that the single file cannot. So this bundles one tiny export from the built
// file, after `npm run build:lib` (the "build: library" stage of `npm test`), and looks at what is left.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLE_MS, bundleImport, root } from "./host-bundle";

const LIBRARY = "dist/index.js";
// The clock is a three-line object, and most of what is left are the import lines of React, zustand, Radix and
// idb-keyval (about 600 B), which a bundler keeps for external packages. One unmarked set of event names keeps its
// table of handlers and everything they call (1.5 kB and more).
const MAX_BYTES = 1_200;
// React's calls that make a module-level value; an unmarked one costs a few bytes, too few for the bound above.
const REACT_FACTORIES = ["createContext", "memo", "forwardRef", "lazy"];

/** The newest file under src/, whose change a stale build does not hold yet. */
function newestSource(dir = join(root, "src")): { path: string; mtimeMs: number } {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => (entry.isDirectory() ? newestSource(join(dir, entry.name)) : { path: join(dir, entry.name), mtimeMs: statSync(join(dir, entry.name)).mtimeMs }))
    .reduce((a, b) => (b.mtimeMs > a.mtimeMs ? b : a), { path: "", mtimeMs: 0 });
}

async function minifiedBundleOf(names: readonly string[]): Promise<string> {
  const library = join(root, LIBRARY);
  if (!existsSync(library)) throw new Error(`${LIBRARY} is missing: run npm run build:lib first`);
  const newest = newestSource();
  if (newest.mtimeMs > statSync(library).mtimeMs) throw new Error(`${newest.path} is newer than ${LIBRARY}: run npm run build:lib first`);
  const result = await bundleImport(names, `./${LIBRARY}`, { minify: true, treeShaking: true });
  return result.outputFiles![0]!.text;
}

/** React's factories that the bundle calls outside the export it was asked for, by their names in React. */
function reactFactoriesCalled(code: string): string[] {
  const specifiers = /import\{([^}]*)\}from"react"/.exec(code)?.[1] ?? "";
  return specifiers
    .split(",")
    .map((specifier) => specifier.split(" as "))
    .filter(([imported]) => REACT_FACTORIES.includes(imported!))
    .filter(([imported, local = imported!]) => new RegExp(`(?<![\\w$.])${local.replace(/\$/g, "\\$&")}\\(`).test(code))
    .map(([imported]) => imported!);
}

describe("A tiny import from the built library", () => {
  it(
    "leaves the export it names and the import lines, and no module-level call of the rest",
    async () => {
      const code = await minifiedBundleOf(["systemClock"]);
      expect(code).toMatch(/export\{[\w$]+ as systemClock\}/);
      expect(Buffer.byteLength(code)).toBeLessThanOrEqual(MAX_BYTES);
      expect(reactFactoriesCalled(code)).toEqual([]);
    },
    BUNDLE_MS,
  );
});
