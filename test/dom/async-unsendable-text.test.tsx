import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPane, startAsyncDock, type StartedAsyncDock } from "./async-harness";

let dock: StartedAsyncDock;

beforeEach(async () => {
  dock = await startAsyncDock();
  renderPane(dock.store);
});

afterEach(() => dock.stop());

describe("An async question whose title and labels hold control characters", () => {
  it("is answered with a message the gateway takes: NUL and other controls are left out", async () => {
    const { sim, user } = dock;
    sim.askAsync({ questions: [{ title: "Which\u0000 branch?", options: ["main\u0007", "release"] }] });
    await user.click(await screen.findByRole("radio", { name: /^main/ }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(screen.getByText("Answer sent")).toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Discard" })).not.toBeInTheDocument();
    expect(sim.history().filter((m) => m.role === "user").map((m) => m.content)).toEqual(["> Which branch?\n\nmain"]);
  });
});
