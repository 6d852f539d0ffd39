// Puts WAIT_LIMIT_MS in place of the one-second default of `vi.waitFor`, `vi.waitUntil` and `expect.poll`
// (Testing Library's and Storybook's are set in the jsdom setup files).
import { vi } from "vitest";
import { WAIT_LIMIT_MS } from "./wait-limits";

// Runtime config lasts for the file being run; this setup file runs before each.
vi.setConfig({ expect: { poll: { timeout: WAIT_LIMIT_MS } } });

// Files of a worker may share this `vi` (isolate: false): the defaults go in once, not wrapped again per file.
const PATIENT = Symbol.for("question-dock.test.patient-waits");
const utils = vi as typeof vi & { [PATIENT]?: true };

if (!utils[PATIENT]) {
  utils[PATIENT] = true;
  const { waitFor, waitUntil } = vi;
  type Options = Parameters<typeof waitFor>[1];
  // A number or an explicit timeout stays as the test wrote it; only the default changes.
  const withLimit = (options: Options): Options =>
    typeof options === "number" ? options : { ...options, timeout: options?.timeout ?? WAIT_LIMIT_MS };
  utils.waitFor = (callback, options) => waitFor(callback, withLimit(options));
  utils.waitUntil = (callback, options) => waitUntil(callback, withLimit(options));
}
