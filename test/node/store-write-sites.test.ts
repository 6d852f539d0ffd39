// Each store's state has one writer: its reducer, applied by the store's own dispatch. This reads every file of
// src/store, finds each place that writes a zustand state (`setState(`, or the `set(` a store creator hands out) and
// fails naming any write not on the short list below, so a module that sets state itself cannot slip in.
// `dispatch(` calls are not writes here: they go through the reducer.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const storeDir = join(root, "src/store");

/** The writes that may stay, each with why: the machine that applies the reducer and the page's dispatch. */
const ALLOWED: { file: string; line: string; why: string }[] = [
  { file: "src/store/machine.ts", line: "store.setState(next, true);", why: "dispatch and batch: store the reducer's last result once the outermost one ends" },
  { file: "src/store/create-store.ts", line: "store.setState({ actions });", why: "attaches the actions once, before anyone can read the store" },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

// `x.setState(` anywhere, or a bare `set(` call (a method named set, `map.set(` and `this.set(` are not state writes).
const WRITE = /\.setState\(|(?<![.\w$])set\(/;
const METHOD_DEFINITION = /^\s*(?:private\s+|public\s+)?set\([^)]*:[^)]*\)\s*(?::[^{]*)?\{\s*$/;

/** Every write site of src/store, as "file: line". */
function writeSites(files: { path: string; text: string }[]): { file: string; line: string }[] {
  return files.flatMap(({ path, text }) =>
    text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => !line.startsWith("//") && !line.startsWith("*") && WRITE.test(line) && !METHOD_DEFINITION.test(line))
      .map((line) => ({ file: path, line })),
  );
}

const files = sourceFiles(storeDir).map((path) => ({ path: relative(root, path).split("\\").join("/"), text: readFileSync(path, "utf8") }));
const allowed = (site: { file: string; line: string }) => ALLOWED.some((a) => a.file === site.file && a.line === site.line);

describe("store write sites", () => {
  it("writes state only where a reducer's result is stored (or on the short list, with its reason)", () => {
    const stray = writeSites(files).filter((site) => !allowed(site));
    expect(stray.map((s) => `${s.file}: ${s.line}`)).toEqual([]);
  });

  it("finds a write put anywhere else", () => {
    const probe = { path: "src/store/effects/probe.ts", text: "export const probe = (store) => {\n  store.setState({ collapsed: true });\n};\n" };
    const zustandSet = { path: "src/store/effects/probe-set.ts", text: "createStore((set) => ({ open: () => set({ open: true }) }));\n" };
    expect(writeSites([probe, zustandSet]).filter((site) => !allowed(site))).toHaveLength(2);
  });

  it("lists no allowance that no longer matches a write", () => {
    const sites = writeSites(files);
    const unused = ALLOWED.filter((a) => !sites.some((s) => s.file === a.file && s.line === a.line));
    expect(unused.map((a) => `${a.file}: ${a.line}`)).toEqual([]);
  });
});
