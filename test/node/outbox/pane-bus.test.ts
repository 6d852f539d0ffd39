import { describe, expect, it, vi } from "vitest";
import { createPaneBus, type PaneMessage } from "../../../src/store";

const removed = (id: string): PaneMessage => ({ scope: "a conversation", table: "outbox", id });
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

function listen(bus: ReturnType<typeof createPaneBus>): PaneMessage[] {
  const heard: PaneMessage[] = [];
  bus.subscribe((m) => heard.push(m));
  return heard;
}

describe("The pane bus", () => {
  it("reaches every other pane of the same name on this page exactly once, and never the sender", async () => {
    const name = `bus-${Math.random()}`;
    const [a, b, c] = [createPaneBus(name), createPaneBus(name), createPaneBus(name)];
    const elsewhere = createPaneBus(`${name}-other`);
    const [heardA, heardB, heardC, heardElsewhere] = [listen(a), listen(b), listen(c), listen(elsewhere)];
    a.post(removed("1"));
    await settle();
    expect(heardA).toEqual([]);
    expect(heardB).toEqual([removed("1")]);
    expect(heardC).toEqual([removed("1")]);
    expect(heardElsewhere).toEqual([]);
    for (const bus of [a, b, c, elsewhere]) bus.close();
  });

  it("reaches other tabs through BroadcastChannel, and hears them", async () => {
    const name = `bus-${Math.random()}`;
    const bus = createPaneBus(name);
    const heard = listen(bus);
    const tab = new BroadcastChannel(name);
    const heardInTab: unknown[] = [];
    tab.onmessage = (e: MessageEvent) => heardInTab.push(e.data);
    bus.post(removed("1"));
    tab.postMessage(removed("2"));
    tab.postMessage({ type: "not-a-pane-message" });
    tab.postMessage({ scope: "a conversation", table: "no-such-table", id: "3" });
    // Between channels a message crosses the event loop: after the process was paused, the timer of settle()
    // can fire before it lands. Wait for what must arrive, then settle() for anything that must not.
    await vi.waitFor(() => expect(heardInTab.length > 0 && heard.length > 0).toBe(true));
    await settle();
    expect(heardInTab).toEqual([removed("1")]);
    expect(heard).toEqual([removed("2")]);
    tab.close();
    bus.close();
  });

  it("stops delivering after close, and unsubscribing stops one listener", async () => {
    const name = `bus-${Math.random()}`;
    const [a, b] = [createPaneBus(name), createPaneBus(name)];
    const heard: PaneMessage[] = [];
    const off = b.subscribe((m) => heard.push(m));
    const kept = listen(b);
    off();
    a.post(removed("1"));
    await settle();
    expect(heard).toEqual([]);
    expect(kept).toEqual([removed("1")]);
    b.close();
    a.post(removed("2"));
    await settle();
    expect(kept).toEqual([removed("1")]);
    a.close();
  });
});
