// `npm run api:report`: writes the API report (see api-report.mjs); with --check, fails when the checked-in one differs.
// Either way it fails while an exported signature uses a type that no entry exports.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { apiReport, forgottenExports, REPORT_PATH } from "./api-report.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const target = join(root, REPORT_PATH);
const report = apiReport(root);
if (process.argv.includes("--write")) {
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, report);
  console.log(`wrote ${REPORT_PATH}`);
} else if (readFileSync(target, "utf8") !== report) {
  console.error(`${REPORT_PATH} is out of date: run npm run api:report and review the change`);
  process.exitCode = 1;
} else console.log(`${REPORT_PATH} is up to date`);
for (const forgotten of forgottenExports(root)) {
  console.error(`${forgotten.name} (${forgotten.file}) is used by ${forgotten.usedBy} but no entry exports it`);
  process.exitCode = 1;
}
