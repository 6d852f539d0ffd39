// The real-gateway test project: Node environment, one real OpenClaw gateway per run (started by
// global-setup.ts), files run one after another. Runs alone with
//   npx vitest run --config test/gateway/vitest.gateway.config.ts
// and as the "gateway" project of the root vitest.config.ts.
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  // The repo root either way (as a project, the default root would be this folder).
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'gateway',
    environment: 'node',
    include: ['test/gateway/**/*.test.ts'],
    exclude: ['test/gateway/runtime/**', 'test/gateway/.state/**'],
    globalSetup: ['test/gateway/global-setup.ts'],
    // One shared gateway: keep files sequential so tests do not race on its sessions.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
