// Runs the soak with a default fault count (the first argument) unless SOAK_FAULTS is set: `node test/soak/run.mjs 20`.
// `--prebuilt <dir>` serves a playground already built there (npm test's own build) instead of building one.
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const at = args.indexOf("--prebuilt");
const prebuilt = at === -1 ? undefined : args.splice(at, 2)[1];
const faults = process.env.SOAK_FAULTS ?? args[0] ?? "100";
const result = spawnSync("npx", ["playwright", "test", "-c", "test/soak/soak.config.ts"], {
  stdio: "inherit",
  env: { ...process.env, SOAK_FAULTS: faults, ...(prebuilt ? { SOAK_PLAYGROUND_DIR: prebuilt } : {}) },
  shell: process.platform === "win32",
});
process.exit(result.status ?? 1);
