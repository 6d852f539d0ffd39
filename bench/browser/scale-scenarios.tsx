// The dock in a long conversation: 50 requests pending and 5,000 finished ones summarised in the transcript.
// - "frame-to-paint at scale": a question.requested frame reaches the client's transport → its radio group painted;
// - "key-to-paint at scale": a digit key → the first option painted checked;
// - "Ctrl+Enter-to-paint at scale": Ctrl+Enter on a chosen first step → the second step painted;
// - "key-to-paint (baseline, at scale)": a bare element changed by a key in the same heavy page, the floor for both;
// - figures: the page's DOM elements (the JS heap is read from Node, after a garbage collection).
import { createRoot } from "react-dom/client";
import { DockLayout, QuestionDock, QuestionDockProvider, QuestionSummaryList } from "../../src";
import { createScriptedDock, storeReaches, type ScriptedDock } from "../../src/simulated";
import { timedTransport } from "./dock-scenarios";
import { nextKeydown, nextPaint, paintLatency, whenTrue } from "./paint";
import { registerFigure, registerScenario } from "./registry";

/** Requests pending in the scale scenarios. */
const PENDING = 50;
/** Finished requests summarised in the scale scenarios. */
const SUMMARIES = 5_000;

interface Scale {
  dock: ScriptedDock;
  host: HTMLElement;
  /** performance.now() when the latest question.requested frame reached the transport. */
  lastRequestedAt: number;
}

const step = (n: number, id: string, header: string) => ({
  questionId: id,
  header,
  question: `${header} for build ${n}?`,
  options: [{ label: "Staging (Recommended)", description: "Reset nightly." }, { label: "Production" }, { label: "Preview" }, { label: "Local" }],
});

async function mountScale(): Promise<Scale> {
  // Another dock of this page kept its outcomes for conversation "main"; they would end this dock's requests.
  for (const key of Object.keys(sessionStorage)) if (key.startsWith("openclaw-question-dock:")) sessionStorage.removeItem(key);
  const host = document.createElement("div");
  host.id = "scale-bench";
  document.body.append(host);
  const state = { lastRequestedAt: 0 };
  const dock = createScriptedDock({ token: "scale", sim: { tickIntervalMs: 0 }, store: { typingGraceMs: 0 }, transport: (inner) => timedTransport(inner, (at) => (state.lastRequestedAt = at)) });
  await dock.connect();
  for (let n = 0; n < SUMMARIES; n++) {
    const record = dock.sim.ask({ questions: [step(n, "target", "Target")] });
    dock.sim.resolve(record.id, { target: ["Production"] }, "control-ui:another-device");
  }
  await storeReaches(dock.store, (s) => s.outcomes.size === SUMMARIES);
  for (let n = 0; n < PENDING; n++) dock.sim.ask({ questions: [step(n, "target", "Target"), step(n, "region", "Region")] });
  await storeReaches(dock.store, (s) => s.order.length === PENDING);
  createRoot(host).render(
    <QuestionDockProvider store={dock.store}>
      <DockLayout transcript={<QuestionSummaryList />} dock={<QuestionDock layout="stepper" autoAdvanceMs={0} />} composer={<textarea aria-label="Message" />} />
    </QuestionDockProvider>,
  );
  await whenTrue(() => host.querySelector("[role='radio']") !== null, 30_000);
  return Object.assign(state, { dock, host });
}

/** Registers the scale scenarios and the page's DOM size; the first setup builds the long conversation. */
export function registerScaleScenarios(): void {
  let scale: Promise<Scale> | undefined;
  const ready = () => (scale ??= mountScale());
  const firstRadio = (host: HTMLElement) => host.querySelector<HTMLElement>("[role='radio']");
  const activeId = (s: Scale) => {
    const id = s.dock.state().activeId;
    if (!id) throw new Error("scale: no question is active");
    return id;
  };

  let arrivals = 0;
  registerScenario("frame-to-paint at scale", {
    setup: async () => void (await ready()),
    sample: async () => {
      const s = await ready();
      const text = `Arrival ${++arrivals} for build ${arrivals}?`;
      s.lastRequestedAt = 0;
      // With typingGraceMs 0 a new request takes the active slot at once, so its question is what the dock paints.
      const record = s.dock.sim.ask({ questions: [{ ...step(arrivals, "target", "Arrival"), question: text }] });
      await whenTrue(() => s.lastRequestedAt > 0);
      const shown = () => Array.from(s.host.querySelectorAll(".qd-dock h3")).some((h) => h.textContent === text) && firstRadio(s.host) !== null;
      const latency = await paintLatency("frame-to-paint at scale", s.lastRequestedAt, shown);
      // Untimed: the arrival is cancelled, so every sample meets the same 50 pending (and one summary more).
      s.dock.sim.cancel(record.id);
      await whenTrue(() => s.dock.state().order.length === PENDING && !shown() && firstRadio(s.host) !== null);
      await nextPaint();
      return latency;
    },
  });

  registerScenario("key-to-paint at scale", {
    key: "1",
    setup: async () => void (await ready()),
    sample: async (arm) => {
      const s = await ready();
      // Untimed reset: another option is chosen, so the key always changes what is painted.
      s.dock.actions().select(activeId(s), "target", "Production");
      await whenTrue(() => firstRadio(s.host)?.getAttribute("aria-checked") === "false");
      await nextPaint();
      if (!s.host.contains(document.activeElement)) firstRadio(s.host)?.focus();
      const pressed = nextKeydown("1");
      arm();
      const since = await pressed;
      return paintLatency("key-to-paint at scale", since, () => firstRadio(s.host)?.getAttribute("aria-checked") === "true");
    },
  });

  registerScenario("Ctrl+Enter-to-paint at scale", {
    key: "Control+Enter",
    sample: async (arm) => {
      const s = await ready();
      const id = activeId(s);
      // Untimed reset: back on the first step with an option chosen, so Ctrl+Enter moves on.
      s.dock.actions().goToStep(id, 0);
      s.dock.actions().select(id, "target", "Production");
      const heading = () => s.host.querySelector(".qd-dock h3")?.textContent ?? "";
      await whenTrue(() => heading().startsWith("Target"));
      await nextPaint();
      if (!s.host.contains(document.activeElement)) firstRadio(s.host)?.focus();
      const pressed = nextKeydown("Enter");
      arm();
      const since = await pressed;
      return paintLatency("Ctrl+Enter-to-paint at scale", since, () => heading().startsWith("Region"));
    },
  });

  registerScenario("key-to-paint (baseline, at scale)", {
    key: "1",
    setup: async () => {
      await ready();
      // The key must reach only the bare element: nothing of the dock has focus.
      (document.activeElement as HTMLElement | null)?.blur();
    },
    sample: async (arm) => {
      const target = (document.getElementById("scale-baseline") as HTMLOutputElement | null) ?? document.body.appendChild(Object.assign(document.createElement("output"), { id: "scale-baseline" }));
      const text = `key ${performance.now()}`;
      const pressed = nextKeydown("1");
      window.addEventListener("keydown", () => (target.textContent = text), { once: true });
      arm();
      const since = await pressed;
      return paintLatency("key-to-paint (baseline, at scale)", since, () => target.textContent === text);
    },
  });

  registerFigure("DOM elements at scale", "elements", async () => {
    await ready();
    return document.getElementsByTagName("*").length;
  });
}
