// Runs the soak with a default fault count (the first argument) unless SOAK_FAULTS is set: `node test/soak/run.mjs 20`.
import { spawnSync } from "node:child_process";

const faults = process.env.SOAK_FAULTS ?? process.argv[2] ?? "100";
const result = spawnSync("npx", ["playwright", "test", "-c", "test/soak/soak.config.ts"], {
  stdio: "inherit",
  env: { ...process.env, SOAK_FAULTS: faults },
  shell: process.platform === "win32",
});
process.exit(result.status ?? 1);
