import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { expect, vi } from "vitest";
import { DockLayout, QuestionDock, QuestionDockProvider, QuestionSummaryList, type QuestionDockProps } from "../../src";
import type { GatewayClient } from "../../src/gateway/connection";
import type { TransportFactory } from "../../src/gateway/transport";
import { createScriptedDock, type SimAskParams, type SimulatedGateway, type SimulatedGatewayOptions } from "../../src/simulated";
import { wholeStore } from "../../src/testing";
import type { openStore } from "../../src/store";
import { TARGET as BASE_TARGET } from "../support/questions";

/** The token the harness's simulated gateway takes. */
export const DOCK_TOKEN = "dock-test-token";
const TOKEN = DOCK_TOKEN;

export { CHECKS, REGION } from "../support/questions";

/** The shared single-select question, with a description under each option. */
export const TARGET = {
  ...BASE_TARGET,
  options: [
    { label: "Staging (Recommended)", description: "Safe to try first" },
    { label: "Production", description: "Live users see it" },
  ],
};

/** A running dock: simulated gateway, real client, real store, and a user-event session on fake timers. */
export interface DockHarness {
  sim: SimulatedGateway;
  client: GatewayClient;
  store: ReturnType<typeof openStore>;
  user: ReturnType<typeof userEvent.setup>;
  /** Asks through the gateway and waits until the dock shows the request. */
  ask(params: SimAskParams): Promise<string>;
  /** What the gateway recorded for a request. */
  gatewayRecord(id: string): ReturnType<SimulatedGateway["records"]>[number] | undefined;
  stop(): void;
}

/** How a test's dock differs from the default: the priority grace, the agent's replies, the gateway's question rules, a transport wrapper. */
export interface DockHarnessOptions {
  typingGraceMs?: number;
  reply?: SimulatedGatewayOptions["reply"];
  questionSchema?: SimulatedGatewayOptions["questionSchema"];
  transport?: (inner: TransportFactory) => TransportFactory;
}

/** Starts the simulated gateway, a connected client and a dock store; call `stop` after the test. */
export async function startDock(opts: DockHarnessOptions = {}): Promise<DockHarness> {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const { sim, client, store: handle } = createScriptedDock({
    token: TOKEN,
    sim: { tickIntervalMs: 0, ...(opts.reply ? { reply: opts.reply, replyStepMs: 1 } : {}), ...(opts.questionSchema ? { questionSchema: opts.questionSchema } : {}) },
    ...(opts.transport ? { transport: opts.transport } : {}),
    store: { typingGraceMs: opts.typingGraceMs ?? 0 },
  });
  const store = wholeStore(handle);
  client.start();
  await vi.waitFor(() => expect(store.getState().connection.state).toBe("connected"));
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return {
    sim,
    client,
    store,
    user,
    async ask(params) {
      // One fake millisecond apart, as an agent's questions are: in the same millisecond the gateway orders
      // them by their random ids, and "Request 2 of 2" would be a coin toss.
      vi.advanceTimersByTime(1);
      const record = sim.ask(params);
      await vi.waitFor(() => expect(store.getState().records.get(record.id)).toBeDefined());
      return record.id;
    },
    gatewayRecord: (id) => sim.records().find((r) => r.id === id),
    stop() {
      store.getState().actions.dispose();
      client.stop();
      vi.useRealTimers();
    },
  };
}

/** Renders the dock the way a chat page would: summaries in the transcript, the dock, then a composer. */
export function renderDock(h: DockHarness, props: QuestionDockProps = {}, composer?: ReactNode) {
  return render(
    <QuestionDockProvider store={h.store}>
      <DockLayout
        transcript={<QuestionSummaryList />}
        dock={<QuestionDock layout="stepper" {...props} />}
        composer={composer ?? <textarea aria-label="Message" />}
      />
    </QuestionDockProvider>,
  );
}

/** The dock region. */
export function dock() {
  return screen.getByRole("region", { name: "Questions" });
}
