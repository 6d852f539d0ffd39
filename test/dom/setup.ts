import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, expect, vi } from "vitest";
import * as axeMatchers from "vitest-axe/matchers";
import { WAIT_LIMIT_MS } from "../support/wait-limits";

expect.extend(axeMatchers);

// findBy… and waitFor give up after one second by default, which a busy machine can spend on one render.
configure({ asyncUtilTimeout: WAIT_LIMIT_MS });

// Each test is a fresh tab: what one test's dock kept for a reload (sessionStorage) must not show in the next.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

// Files share a jsdom per worker (isolate: false): what one file left in the page must not reach the next.
afterAll(() => {
  cleanup();
  vi.useRealTimers();
  document.body.replaceChildren();
  for (const name of ["lang", "dir", "data-theme", "style"]) document.documentElement.removeAttribute(name);
  sessionStorage.clear();
  localStorage.clear();
});

declare module "vitest" {
  // The type parameter must repeat vitest's own declaration exactly for the interfaces to merge.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  interface Assertion<T = any> {
    toHaveNoViolations(): T;
  }
  interface AsymmetricMatchersContaining {
    toHaveNoViolations(): void;
  }
}
