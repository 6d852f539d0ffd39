// Every language but English is its own package entry ("/locales/de"): a host that never imports it must not ship
// it. This walks the value imports (type-only ones erase) from each other entry and fails when one reaches a table.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ENTRIES } from "../api/api-report.mjs";

const root = join(import.meta.dirname, "../..");
const LOCALE_ENTRIES = ENTRIES.filter(([subpath]) => subpath.startsWith("./locales/"));

// `import type` and `export type` lines are left out: they vanish from the bundle. An import naming only types
// inside its braces also erases, but counting it is the safe side for this check.
const VALUE_IMPORT = /^[ \t]*(?:import|export)[ \t]+(?!type[ \t])(?:[^'"`;]*?\sfrom\s*)?["']([^"'\n]+)["']/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"'\n]+)["']\s*\)/g;

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((path) => /\.tsx?$/.test(path) && existsSync(path) && statSync(path).isFile());
}

/** Every source file an entry pulls in through value imports, the entry included, relative to the repo root. */
function reachedFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const todo = [join(root, entry)];
  while (todo.length > 0) {
    const file = todo.pop()!;
    const name = relative(root, file);
    if (seen.has(name)) continue;
    seen.add(name);
    const text = readFileSync(file, "utf8");
    for (const m of [...text.matchAll(VALUE_IMPORT), ...text.matchAll(DYNAMIC_IMPORT)]) {
      if (!m[1]!.startsWith(".")) continue;
      const target = resolveRelative(file, m[1]!);
      if (!target) throw new Error(`${name} imports ${m[1]}, which resolves to no source file`);
      todo.push(target);
    }
  }
  return seen;
}

describe("Locale entries", () => {
  it("are listed, with German among them", () => {
    expect(LOCALE_ENTRIES.map(([subpath]) => subpath)).toContain("./locales/de");
  });

  it("the walk follows value imports: the root entry reaches the English table through the messages barrel", () => {
    expect(reachedFrom("src/index.ts")).toContain("src/messages/en.ts");
  });

  it.each(ENTRIES.filter(([subpath]) => !subpath.startsWith("./locales/")))("%s reaches no locale table", (_subpath, entry) => {
    const reached = reachedFrom(entry);
    expect(LOCALE_ENTRIES.map(([, file]) => file).filter((file) => reached.has(file))).toEqual([]);
  });
});
