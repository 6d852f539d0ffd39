// Files under src/ import one another without a circle, type-only imports included: a reader who follows the
// imports of any file always reaches the bottom, and a type needed on both sides of a circle belongs in a leaf
// both can import. The scan reads the import lines itself (no parser dependency), so it stays cheap enough to run
// with the node tests, and it fails on a relative specifier it cannot resolve rather than skip it silently.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const src = join(root, "src");

type Graph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

// Import and export statements start a line; anchoring there keeps comments and strings that merely mention
// `from "./x"` out. The clause before `from` holds no quote or semicolon, so one statement never runs into the next.
const STATIC_IMPORT = /^[ \t]*(?:import|export)[ \t]+(?:type[ \t]+)?(?:[^'"`;]*?\sfrom\s*)?["']([^"'\n]+)["']/gm;
// `import("./x")`, as a value or in a type position (`import("./x").T`).
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"'\n]+)["']\s*\)/g;

/** The specifiers a file names in its import, export-from, import type and import() statements. */
function specifiersOf(text: string): string[] {
  return [...text.matchAll(STATIC_IMPORT), ...text.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]!);
}

/** The file a relative specifier names, or undefined when no .ts, .tsx or index file answers to it. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((path) => /\.tsx?$/.test(path) && existsSync(path) && statSync(path).isFile());
}

interface Circle {
  /** Every file of a group that reach one another through imports. */
  members: string[];
  /** One closed path through the group (first = last), the shortest back to its first member. */
  cycle: string[];
}

/** One circle per group of files that reach one another; none when the graph has no cycle. */
function findCircles(graph: Graph): Circle[] {
  // Tarjan's strongly connected components, iteration order fixed by the sorted keys so reports are stable.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((members) => ({ members, cycle: cycleWithin(graph, new Set(members)) }));
}

/** One closed path through a component, found by breadth-first search back to its first member. */
function cycleWithin(graph: Graph, component: Set<string>): string[] {
  const start = [...component][0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!component.has(to)) continue;
      if (to === start) {
        const path: string[] = [];
        for (let at = node; at !== start; at = cameFrom.get(at)!) path.unshift(at);
        return [start, ...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

function importGraph(): { graph: Graph; unresolved: string[] } {
  const graph: Graph = new Map();
  const unresolved: string[] = [];
  for (const file of sourceFiles(src)) {
    const from = relative(root, file);
    const targets = new Set<string>();
    for (const specifier of specifiersOf(readFileSync(file, "utf8"))) {
      if (!specifier.startsWith(".")) continue;
      const target = resolveRelative(file, specifier);
      if (target) targets.add(relative(root, target));
      else if (!/\.css$/.test(specifier)) unresolved.push(`${from}: ${specifier}`);
    }
    graph.set(from, [...targets].sort());
  }
  return { graph, unresolved };
}

function describeCircles(circles: Circle[]): string {
  return circles
    .map(({ members, cycle }) => `${members.length} files: ${members.join(", ")}\n  for example ${cycle.join(" -> ")}`)
    .join("\n");
}

describe("imports inside src/", () => {
  const { graph, unresolved } = importGraph();

  it("resolve every relative specifier to a file", () => {
    expect(unresolved).toEqual([]);
  });

  it("form no circle", () => {
    const circles = findCircles(graph);
    expect(circles.length === 0 ? "" : `import circles:\n${describeCircles(circles)}`).toBe("");
  });

  it("are read from every statement form, so a circle cannot hide behind the parser", () => {
    const text = [
      'import { a } from "./a";',
      'import type { B } from "./b";',
      "import {",
      "  c,",
      "  type C,",
      '} from "./c";',
      'export { d } from "./d";',
      'export type { E } from "./e";',
      'export * from "./f";',
      'import "./g";',
      'type H = import("./h").H;',
      '// import { no } from "./comment";',
      'const text = "import nothing from here";',
      'export const from = "./not-an-import";',
    ].join("\n");
    expect(specifiersOf(text).sort()).toEqual(["./a", "./b", "./c", "./d", "./e", "./f", "./g", "./h"]);
  });

  it("are found circular when they are, including a file that imports itself", () => {
    const graph: Graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(findCircles(graph)).toEqual([
      { members: ["a", "b", "c"], cycle: ["a", "b", "c", "a"] },
      { members: ["e"], cycle: ["e", "e"] },
    ]);
    expect(findCircles(new Map([["a", ["b"]], ["b", []]]))).toEqual([]);
  });
});
