// The real-gateway files that restart a gateway (*.restart.test.ts), on the plain and the Codex gateway that
// restart-global-setup.ts starts for them. They never disturb the shared gateways of the "gateway" project, and they
// run one file at a time: they take turns on their gateways (the suites that restart the plain one share one restart
// in plain.restart.test.ts). Runs alone with
//   npx vitest run --config test/gateway/vitest.restart.config.ts
// and as the "gateway-restart" project of the root vitest.config.ts.
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'gateway-restart',
    environment: 'node',
    include: ['test/gateway/**/*.restart.test.ts'],
    exclude: ['test/gateway/runtime/**', 'test/gateway/.state/**'],
    globalSetup: ['test/gateway/restart-global-setup.ts'],
    fileParallelism: false,
    // Limits for a hang, not for a slow machine: starting a gateway took 16 s, and a test without a limit of its
    // own up to 9 s, on a busy 2-core machine.
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
