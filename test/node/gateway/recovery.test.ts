import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createGatewayClient, recoverQuestions, type GatewayClient } from "../../../src/gateway";
import { createSimulatedGateway, type SimulatedGateway } from "../../../src/simulated";
import { until } from "./until";

let sim: SimulatedGateway;
let client: GatewayClient;

const ask = (header: string, timeoutMs?: number) =>
  sim.ask({
    questions: [{ questionId: "pick", header, question: `${header}?`, options: [{ label: "Yes" }, { label: "No" }] }],
    ...(timeoutMs ? { timeoutMs } : {}),
  });

async function connected(): Promise<void> {
  await until(async () => {
    await vi.advanceTimersByTimeAsync(0);
    return client.getConnection().state === "connected";
  }, "connected");
}

beforeEach(async () => {
  vi.useFakeTimers();
  sim = createSimulatedGateway();
  client = createGatewayClient({ url: "sim://gateway", transport: sim.transport, random: () => 0 });
  client.start();
  await connected();
});

afterEach(() => {
  client.stop();
  vi.useRealTimers();
});

describe("recoverQuestions", () => {
  it("lists what is pending and learns how each missing local question ended", async () => {
    const answered = ask("Answered");
    const skipped = ask("Skipped");
    const still = ask("Still");
    const expiring = ask("Expiring", 1000);
    sim.dropConnections();
    await until(() => client.getConnection().state === "reconnecting", "reconnecting");

    sim.resolve(answered.id, { pick: ["Yes"] }, "someone else");
    sim.cancel(skipped.id);
    await vi.advanceTimersByTimeAsync(1000);
    const created = ask("New");
    await connected();

    const result = await recoverQuestions(client, [answered.id, skipped.id, still.id, expiring.id, "never-heard-of-it", answered.id]);
    expect(result.pending.map((r) => r.id)).toEqual([still.id, created.id]);
    expect(result.rejected).toEqual([]);
    expect(result.settled).toEqual([
      { id: answered.id, outcome: "answered", record: expect.objectContaining({ status: "answered", answers: { answers: { pick: ["Yes"] } } }) },
      { id: skipped.id, outcome: "cancelled", record: expect.objectContaining({ status: "cancelled" }) },
      { id: expiring.id, outcome: "expired", record: expect.objectContaining({ status: "expired" }) },
      { id: "never-heard-of-it", outcome: "unavailable" },
    ]);
  });

  it("marks every local question unavailable after a restart that lost them", async () => {
    const lost = ask("Lost");
    sim.restart();
    await until(() => client.getConnection().state === "reconnecting", "reconnecting");
    await connected();
    const result = await recoverQuestions(client, [lost.id]);
    expect(result).toEqual({ pending: [], rejected: [], settled: [{ id: lost.id, outcome: "unavailable" }] });
  });

  it("keeps pending questions across a restart that kept them", async () => {
    const kept = ask("Kept");
    sim.restart({ keepPending: true });
    await until(() => client.getConnection().state === "reconnecting", "reconnecting");
    await connected();
    const result = await recoverQuestions(client, [kept.id]);
    expect(result.pending.map((r) => r.id)).toEqual([kept.id]);
    expect(result.settled).toEqual([]);
  });
});
