// A long conversation in the playground, on its simulated gateway: `answered` questions answered on another device
// (each a summary in the transcript) and `pending` requests of one or two questions still waiting in the dock. Used
// by the playground-scale spec and bench.
import type { Page as CorePage } from "playwright-core";
import type { Page } from "@playwright/test";

/** Asks and settles the questions in one task of the page (`window.__questionDockSim`, the no-query-string mode). */
export async function seedLongConversation(page: Page | CorePage, answered: number, pending: number, questionsPerRequest: 1 | 2 = 2): Promise<void> {
  await (page as Page).evaluate(
    ({ answered, pending, questionsPerRequest }) => {
      const sim = (window as unknown as { __questionDockSim?: { ask(p: unknown): { id: string }; resolve(id: string, a: Record<string, string[]>, by?: string): void } }).__questionDockSim;
      if (!sim) throw new Error("window.__questionDockSim is missing");
      const step = (n: number, questionId: string, header: string) => ({ questionId, header, question: `${header} for build ${n}?`, options: [{ label: "Staging" }, { label: "Production" }] });
      for (let n = 0; n < answered; n++) sim.resolve(sim.ask({ questions: [step(n, "target", "Target")] }).id, { target: ["Production"] }, "control-ui:another-device");
      for (let n = 0; n < pending; n++) sim.ask({ questions: [step(n, "target", "Target"), step(n, "region", "Region")].slice(0, questionsPerRequest) });
    },
    { answered, pending, questionsPerRequest },
  );
}
