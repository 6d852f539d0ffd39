// The dock's own latencies, measured with paint.ts against the simulated gateway:
// - "frame-to-paint": a question.requested frame reaches the client → the question is painted;
// - "key-to-paint": a digit key is pressed (key: "1") → the checked option is painted.
// Register each with registerScenario(name, { setup, sample }); see baseline-scenarios.ts for the pattern.

/** Registers the dock scenarios (mounting the dock on a simulated gateway in `setup`). */
export function registerDockScenarios(): void {}
