#!/usr/bin/env node
// The gateway pool of `npm test` (pool.ts): `node test/gateway/run-pool.mjs <file>` starts the gateways, writes <file>
// once they are ready and runs until SIGTERM. Vite's module runner loads the TypeScript harness.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const file = resolve(process.argv[2] ?? "test-results/gateway-pool.json");
const { module } = await runnerImport(fileURLToPath(new URL("./pool-main.ts", import.meta.url)));
await module.runPool(file);
