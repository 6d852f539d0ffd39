import { describe, expect, it } from "vitest";
import { createSimulatedGateway, type SimPersistence } from "../../../src/simulated";
import { connect, flush, ManualClock } from "./wire";

const ASK = { questions: [{ questionId: "target", header: "Deploy", question: "Where?", options: [{ label: "Staging" }, { label: "Production" }] }], timeoutMs: 60_000 };

function slot(): SimPersistence & { text: string | null } {
  return {
    text: null,
    load() {
      return this.text;
    },
    save(text) {
      this.text = text;
    },
  };
}

// One clock for both gateways: a reload happens in the same world, with time going on.
const gatewayOn = (clock: ManualClock, persist: SimPersistence) => createSimulatedGateway({ clock, tickIntervalMs: 0, replyStepMs: 10, persist });

describe("persist: pending questions", () => {
  it("finds a pending question still pending after a reload, with its creation time and expiry", async () => {
    const clock = new ManualClock();
    const storage = slot();
    const record = gatewayOn(clock, storage).ask(ASK);
    await flush();
    await clock.advance(1000);

    const reloaded = gatewayOn(clock, storage);
    const { wire } = await connect(reloaded);
    const listed = (await wire.call("question.list", {})).payload as { questions?: Array<{ id: string; status: string; createdAtMs: number; expiresAtMs: number }> };
    expect(listed.questions).toEqual([expect.objectContaining({ id: record.id, status: "pending", createdAtMs: record.createdAtMs, expiresAtMs: record.expiresAtMs })]);

    // It can be answered, and then it is no longer saved as pending.
    reloaded.resolve(record.id, { target: ["Production"] });
    await flush();
    expect(gatewayOn(clock, storage).records()).toEqual([]);
  });

  it("keeps the expiry: a question overdue at reload is not brought back, one that runs out later expires", async () => {
    const clock = new ManualClock();
    const storage = slot();
    const first = gatewayOn(clock, storage);
    const short = first.ask({ ...ASK, timeoutMs: 5_000 });
    const long = first.ask({ ...ASK, timeoutMs: 20_000 });
    await flush();
    // Saved, then the page is gone before the first expiry fires.
    const saved = storage.text;
    await clock.advance(10_000);
    storage.text = saved;

    const reloaded = gatewayOn(clock, storage);
    expect(reloaded.records().map((r) => r.id)).toEqual([long.id]);
    expect(reloaded.records().some((r) => r.id === short.id)).toBe(false);
    await clock.advance(10_000);
    expect(reloaded.records()).toEqual([expect.objectContaining({ id: long.id, status: "expired" })]);
  });

  it("loses them on a restart, as a gateway process does", async () => {
    const clock = new ManualClock();
    const storage = slot();
    const first = gatewayOn(clock, storage);
    first.ask(ASK);
    await flush();
    first.restart();
    await flush();
    expect(gatewayOn(clock, storage).records()).toEqual([]);
  });

  it("skips a saved record that fails validation and loads the rest", async () => {
    const clock = new ManualClock();
    const storage = slot();
    const record = gatewayOn(clock, storage).ask(ASK);
    await flush();
    const dump = JSON.parse(storage.text!) as { questions: unknown[] };
    dump.questions.push({ record: { id: "bad", questions: "nope" } }, "junk");
    storage.text = JSON.stringify(dump);
    expect(gatewayOn(clock, storage).records().map((r) => r.id)).toEqual([record.id]);
  });
});
