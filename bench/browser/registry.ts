// The bench page's scenario registry, driven from Node by bench/suites/browser-latency.bench.ts
// through `window.benchPage`.

/** One latency measured in the page; each sample returns milliseconds. */
export interface PaintScenario {
  /** A key the harness presses through Chromium's real input pipeline, once per sample. */
  key?: string;
  /** Untimed preparation, run once before the samples. */
  setup?(): Promise<void> | void;
  /** One timed sample in ms. A key scenario calls `arm()` once it listens, and the harness then presses the key. */
  sample(arm: () => void): Promise<number>;
}

/** What Node sees of the page (window.benchPage). */
export interface BenchPageApi {
  ready: boolean;
  /** True while a key scenario's sample waits for its key. */
  armed: boolean;
  scenarios(): { name: string; key?: string }[];
  setup(name: string): Promise<void>;
  sample(name: string): Promise<number>;
  /** Every registered figure, measured now, in registration order. */
  figures(): Promise<{ metric: string; value: number; unit: string }[]>;
}

const scenarios = new Map<string, PaintScenario>();
const figures = new Map<string, { unit: string; measure: () => Promise<number> }>();

/** Adds a scenario to the bench page; its name becomes the metric name in the results. */
export function registerScenario(name: string, scenario: PaintScenario): void {
  if (scenarios.has(name)) throw new Error(`bench scenario "${name}" is registered twice`);
  scenarios.set(name, scenario);
}

/** Adds a figure the harness reads once after the scenarios, such as the page's element count. */
export function registerFigure(name: string, unit: string, measure: () => Promise<number>): void {
  if (figures.has(name)) throw new Error(`bench figure "${name}" is registered twice`);
  figures.set(name, { unit, measure });
}

function scenario(name: string): PaintScenario {
  const found = scenarios.get(name);
  if (!found) throw new Error(`no bench scenario "${name}"`);
  return found;
}

/** Publishes window.benchPage once every scenario is registered. */
export function exposeBenchPage(): void {
  const api: BenchPageApi = {
    ready: true,
    armed: false,
    scenarios: () => [...scenarios].map(([name, { key }]) => (key ? { name, key } : { name })),
    setup: async (name) => {
      await scenario(name).setup?.();
    },
    sample: async (name) => {
      api.armed = false;
      try {
        return await scenario(name).sample(() => {
          api.armed = true;
        });
      } finally {
        api.armed = false;
      }
    },
    figures: async () => {
      const measured = [];
      for (const [metric, { unit, measure }] of figures) measured.push({ metric, value: await measure(), unit });
      return measured;
    },
  };
  (window as { benchPage?: BenchPageApi }).benchPage = api;
}
