// How long the Node and jsdom tests wait for something before calling it missing. Vitest's `vi.waitFor`, its
// `expect.poll` and Testing Library's `findBy…`/`waitFor` give up after one second by default: a re-render or a
// simulated gateway's reply takes milliseconds, but on a loaded 2-core machine (a gateway starting, Chromium
// running beside) a second can pass before the worker gets the CPU back. The limit only has to catch a wait that
// never ends; a wait that succeeds returns as soon as its condition holds, so a longer limit costs nothing.
// Plain, so that vitest.config.ts and the Storybook preview (for the stories' plays) can read it too.

/** The limit for waits in the Node and jsdom tests and in the stories' plays. */
export const WAIT_LIMIT_MS = 10_000;
