/** The package's entries: subpath → source file. */
export const ENTRIES: readonly (readonly [subpath: string, file: string])[];
/** Where the checked-in report lives, from the repository root. */
export const REPORT_PATH: string;
/** The report for the repository at `root`, as Markdown text. */
export function apiReport(root: string): string;
/** A named type an exported signature uses that no entry exports, with the export that led to it. */
export interface ForgottenExport {
  name: string;
  file: string;
  usedBy: string;
}
/** The named types of the sources that exported signatures use but no entry exports; empty when none. */
export function forgottenExports(root: string): ForgottenExport[];
