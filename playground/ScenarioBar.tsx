import { useState } from "react";
import type { SimulatedGateway } from "../src/simulated";
import { SCENARIOS } from "./scenarios";

/** Props of `ScenarioBar`. */
export interface ScenarioBarProps {
  sim: SimulatedGateway;
  /** The session on screen: the scenarios ask there. */
  sessionKey: string;
}

/** The scenario buttons of the simulated playground, with the last scripting error if one was thrown. */
export function ScenarioBar({ sim, sessionKey }: ScenarioBarProps) {
  const [error, setError] = useState<string>();
  const run = (scenario: (typeof SCENARIOS)[number]) => {
    try {
      scenario.run(sim, sessionKey);
      setError(undefined);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <section className="pg-scenarios" aria-label="Scenarios">
      {SCENARIOS.map((scenario) => (
        <button key={scenario.label} type="button" className="pg-button" onClick={() => run(scenario)}>
          {scenario.label}
        </button>
      ))}
      {error && (
        <p className="pg-scenarios__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
