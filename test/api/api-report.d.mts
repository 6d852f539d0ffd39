/** The package's entries: subpath → source file. */
export const ENTRIES: readonly (readonly [subpath: string, file: string])[];
/** Where the checked-in report lives, from the repository root. */
export const REPORT_PATH: string;
/** The report for the repository at `root`, as Markdown text. */
export function apiReport(root: string): string;
