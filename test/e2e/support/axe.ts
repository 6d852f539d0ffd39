// Accessibility checks with axe-core in real Chromium: WCAG 2.x A and AA, colour contrast included.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The axe rule tags every page and story must pass. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** Runs axe over the page (or only `include`), returning its raw results. */
export async function runAxe(page: Page, { include }: { include?: string } = {}): Promise<AxeResults> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  return builder.analyze();
}

/** One readable line per failing node: rule, impact, target and axe's own summary. */
export function describeViolations(results: AxeResults): string[] {
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
