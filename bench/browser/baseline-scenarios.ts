// Floors for the dock's latencies: the same measurements on a bare element, without React or the dock.
// A dock number close to its baseline means the dock adds little on top of the browser itself.
import { nextKeydown, paintLatency } from "./paint";
import { registerScenario } from "./registry";

function fixture(): HTMLElement {
  const host = document.createElement("output");
  host.id = "baseline";
  document.body.append(host);
  return host;
}

/** Registers "dom-to-paint (baseline)" and "key-to-paint (baseline)". */
export function registerBaselineScenarios(): void {
  let host: HTMLElement | undefined;
  let count = 0;
  const target = () => (host ??= fixture());

  registerScenario("dom-to-paint (baseline)", {
    sample: () => {
      const text = `update ${++count}`;
      const since = performance.now();
      target().textContent = text;
      return paintLatency("dom-to-paint (baseline)", since, () => target().textContent === text);
    },
  });

  registerScenario("key-to-paint (baseline)", {
    key: "1",
    sample: async (arm) => {
      const text = `key ${++count}`;
      const pressed = nextKeydown("1");
      const onKey = () => {
        target().textContent = text;
      };
      window.addEventListener("keydown", onKey, { once: true });
      arm();
      const since = await pressed;
      return paintLatency("key-to-paint (baseline)", since, () => target().textContent === text);
    },
  });
}
