import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, expect, vi } from "vitest";
import * as axeMatchers from "vitest-axe/matchers";

expect.extend(axeMatchers);

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
