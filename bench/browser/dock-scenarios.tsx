// The dock's own latencies, measured with paint.ts against the simulated gateway, in the same page and run as
// the bare-DOM baselines:
// - "frame-to-paint": a question.requested frame reaches the client's transport → its radio group is painted;
// - "key-to-paint": a digit key is pressed (key: "1") → the first option is painted checked.
import { createRoot } from "react-dom/client";
import { QuestionDock, QuestionDockProvider } from "../../src";
import type { TransportFactory } from "../../src/gateway";
import { createScriptedDock, type SimulatedGateway } from "../../src/simulated";
import type { QuestionDockStore } from "../../src/store";
import { nextKeydown, nextPaint, paintLatency, whenTrue } from "./paint";
import { registerScenario } from "./registry";

interface Bench {
  sim: SimulatedGateway;
  store: QuestionDockStore;
  host: HTMLElement;
  /** performance.now() when the latest question.requested frame reached the transport. */
  lastRequestedAt: number;
}

let bench: Promise<Bench> | undefined;
let count = 0;

/** Records when each question.requested frame arrives, before the client parses it. */
export function timedTransport(inner: TransportFactory, onRequested: (at: number) => void): TransportFactory {
  return (url, handlers) =>
    inner(url, {
      ...handlers,
      onMessage: (text) => {
        if (text.includes('"event":"question.requested"')) onRequested(performance.now());
        handlers.onMessage(text);
      },
    });
}

async function mountDock(): Promise<Bench> {
  const host = document.createElement("div");
  host.id = "dock-bench";
  document.body.append(host);
  const state = { lastRequestedAt: 0 };
  const dock = createScriptedDock({ token: "bench", sim: { tickIntervalMs: 0 }, transport: (inner) => timedTransport(inner, (at) => (state.lastRequestedAt = at)) });
  const { sim, store } = dock;
  createRoot(host).render(
    <QuestionDockProvider store={store}>
      <QuestionDock layout="stepper" autoAdvanceMs={0} />
    </QuestionDockProvider>,
  );
  await dock.connect();
  return Object.assign(state, { sim, store, host });
}

function question(n: number) {
  return {
    questionId: "target",
    header: "Deploy",
    question: `Where should build ${n} deploy?`,
    options: [{ label: "Staging (Recommended)", description: "Reset nightly." }, { label: "Production" }, { label: "Preview" }, { label: "Local" }],
  };
}

/** The painted radio group named by `text`, if the dock shows it. */
function radioGroupFor(host: HTMLElement, text: string): HTMLElement | undefined {
  const heading = Array.from(host.querySelectorAll("h3")).find((h) => h.textContent === text);
  return heading?.id ? (host.querySelector<HTMLElement>(`[role='radiogroup'][aria-labelledby='${heading.id}']`) ?? undefined) : undefined;
}

/** Cancels whatever is pending and waits until the dock is empty again (untimed). */
async function clearDock(b: Bench): Promise<void> {
  for (const record of b.sim.records()) if (record.status === "pending") b.sim.cancel(record.id);
  await whenTrue(() => b.store.getState().order.length === 0 && !b.host.querySelector("[role='radiogroup']"));
  await nextPaint();
}

/** Registers the dock scenarios (mounting the dock on a simulated gateway in `setup`). */
export function registerDockScenarios(): void {
  const ready = () => (bench ??= mountDock());

  registerScenario("frame-to-paint", {
    setup: async () => clearDock(await ready()),
    sample: async () => {
      const b = await ready();
      const text = question(++count).question;
      b.lastRequestedAt = 0;
      b.sim.ask({ questions: [question(count)] });
      await whenTrue(() => b.lastRequestedAt > 0);
      const latency = await paintLatency("frame-to-paint", b.lastRequestedAt, () => radioGroupFor(b.host, text) !== undefined);
      await clearDock(b);
      return latency;
    },
  });

  registerScenario("key-to-paint", {
    key: "1",
    setup: async () => {
      const b = await ready();
      await clearDock(b);
      b.sim.ask({ questions: [question(++count)] });
      await whenTrue(() => b.host.querySelector("[role='radio']") !== null);
    },
    sample: async (arm) => {
      const b = await ready();
      const state = b.store.getState();
      const id = state.activeId;
      if (!id) throw new Error("key-to-paint: no question is pending");
      // Untimed reset: another option is chosen, so the key press always changes what is painted.
      state.actions.select(id, "target", "Production");
      const first = () => b.host.querySelector<HTMLElement>("[role='radio']");
      await whenTrue(() => first()?.getAttribute("aria-checked") === "false");
      await nextPaint();
      if (!b.host.contains(document.activeElement)) first()?.focus();
      const pressed = nextKeydown("1");
      arm();
      const since = await pressed;
      return paintLatency("key-to-paint", since, () => first()?.getAttribute("aria-checked") === "true");
    },
  });
}
