// Accessibility checks with axe-core in real Chromium: WCAG 2.x A and AA, colour contrast included.
// axe is injected once per document and run in place: AxeBuilder re-injects it and finishes each run in a
// second blank page, which made a check cost about a second instead of about a tenth of one.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type * as Axe from "axe-core";

/** The axe rule tags every page and story must pass. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Runs axe over the page's document (or only `include`, a CSS selector), returning its raw results. */
export async function runAxe(page: Page, { include }: { include?: string } = {}): Promise<Axe.AxeResults> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const options: Axe.RunOptions = { runOnly: { type: "tag", values: WCAG_TAGS }, resultTypes: ["violations"] };
  const results = await page.evaluate(
    async ({ selector, options }) => {
      const axe = (window as unknown as { axe: typeof Axe }).axe;
      const context = selector === undefined ? document : { include: [selector] };
      return axe.run(context, options);
    },
    { selector: include, options },
  );
  // A run that checked nothing (an empty include, a broken injection) must not read as a clean page.
  if (results.passes.length + results.violations.length + results.incomplete.length === 0) {
    throw new Error(`axe checked no rule on ${page.url()}${include ? ` inside ${include}` : ""}`);
  }
  return results;
}

/** One readable line per failing node: rule, impact, target and axe's own summary. */
export function describeViolations(results: Axe.AxeResults): string[] {
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? "n/a"}) at ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ") ?? violation.help}`,
    ),
  );
}

/** axe violations of the page as readable lines; a test asserts this equals []. */
export async function a11yViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  return describeViolations(await runAxe(page, options));
}
