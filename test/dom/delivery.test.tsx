import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TARGET, dock, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());

/** Steps fake time in small slices, so real async work between timers (device signing) keeps pace. */
async function advance(ms: number) {
  for (let t = 0; t < ms; t += 500) await act(() => vi.advanceTimersByTimeAsync(500));
}

/**
 * Steps fake time until the client has reconnected. A reconnect signs with the device key, which takes real time:
 * waiting for a fixed stretch of fake time would pass only while the machine signs fast enough.
 */
async function advanceUntilConnected() {
  await vi.waitFor(
    async () => {
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(h.store.getState().connection.state).toBe("connected");
    },
    { timeout: 60_000, interval: 20 },
  );
}

describe("Delivery", () => {
  it("announces a new question and a sent answer politely", async () => {
    const id = await h.ask({ questions: [TARGET] });
    renderDock(h);
    expect(screen.getByRole("status")).toHaveTextContent(TARGET.question);
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/^Answered: /));
    expect(h.gatewayRecord(id)?.status).toBe("answered");
  });

  it("shows a dropped connection, and the answer still goes out once it is back", async () => {
    const id = await h.ask({ questions: [TARGET] });
    renderDock(h);
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    h.sim.setOffline(true);
    await act(async () => h.sim.dropConnections());
    expect(await within(dock()).findByText(/Reconnecting…|Offline/)).toBeInTheDocument();
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    expect(h.gatewayRecord(id)?.status).toBe("pending");
    expect(screen.getByText("Sending…")).toBeInTheDocument();
    h.sim.setOffline(false);
    await advanceUntilConnected();
    await screen.findByRole("article", { name: /answered/i });
    expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Production"] } });
  });

  it("recovers an answer given elsewhere while the connection was down", async () => {
    const id = await h.ask({ questions: [TARGET] });
    renderDock(h);
    h.sim.setOffline(true);
    await act(async () => h.sim.dropConnections());
    h.sim.resolve(id, { target: ["Staging (Recommended)"] }, "control-ui:elsewhere");
    h.sim.setOffline(false);
    await advanceUntilConnected();
    const summary = await screen.findByRole("article", { name: /answered elsewhere/i });
    expect(within(summary).getByText("Staging (Recommended)")).toBeInTheDocument();
  });

  it("says why an answer was not sent and keeps the draft for another try", async () => {
    const id = await h.ask({ questions: [TARGET] });
    renderDock(h);
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    h.sim.setOffline(true);
    await act(async () => h.sim.dropConnections());
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await advance(16_000);
    expect(await screen.findByRole("alert")).toHaveTextContent(/not sent/i);
    expect(screen.getByRole("radio", { name: "Production" })).toBeChecked();
    h.sim.setOffline(false);
    await advanceUntilConnected();
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByRole("article", { name: /answered/i });
    expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Production"] } });
  });
});
