// The real-gateway test project: Node environment, one real OpenClaw gateway per run (started by
// global-setup.ts), files run one after another because they share it (and its mock model). Runs alone with
//   npx vitest run --config test/gateway/vitest.gateway.config.ts
// and as the "gateway" project of the root vitest.config.ts. A *.own-gateway.test.ts file (a gateway configured
// otherwise, e.g. trusted-proxy guests) starts its own here; the files that restart one are in vitest.restart.config.ts.
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  // The repo root either way (as a project, the default root would be this folder).
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'gateway',
    environment: 'node',
    include: ['test/gateway/**/*.test.ts'],
    exclude: ['test/gateway/runtime/**', 'test/gateway/.state/**', 'test/gateway/**/*.restart.test.ts'],
    globalSetup: ['test/gateway/global-setup.ts'],
    // One shared gateway and one scripted model: keep files sequential so tests do not race on them.
    fileParallelism: false,
    // Limits for a hang, not for a slow machine: a test here took up to 8 s beside the other lane on two cores.
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
