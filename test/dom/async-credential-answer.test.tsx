// An async answer shaped like a credential lives in this page's memory only. A reload finds no trace of it:
// a delivered one reads from the conversation history, an unsent one leaves its question open again.
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPane, startAsyncDock, type StartedAsyncDock } from "./async-harness";
import { keptDrafts, keptEntries } from "../support/kept";

const KEY = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
const TOKEN_QUESTION = { title: "Which token should the deploy use?" };

let dock: StartedAsyncDock;

beforeEach(async () => {
  dock = await startAsyncDock();
  renderPane(dock.store);
});

afterEach(() => {
  cleanup();
  dock.stop();
});

// "Reloading" closes the page and opens another, with the same client, over the shared storage.
function reload() {
  cleanup();
  dock.reload();
  renderPane(dock.store);
}

async function answerWithKey() {
  const { user } = dock;
  await user.click(await screen.findByRole("textbox", { name: "Other" }));
  await user.paste(KEY);
  expect(screen.getByText(/looks like a password or key/)).toBeVisible();
  await user.click(screen.getByRole("button", { name: "Submit" }));
}

describe("A credential-shaped async answer", () => {
  it("is delivered, and after a reload its summary reads from the history", async () => {
    dock.sim.askAsync({ questions: [TOKEN_QUESTION] });
    await answerWithKey();
    await vi.waitFor(() => expect(screen.getByText("Answer sent")).toBeInTheDocument());
    expect(await keptEntries(dock.storage)).toEqual([]);

    reload();
    expect(await screen.findByText("Answer sent")).toBeInTheDocument();
    expect(screen.getByText(KEY)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Retry answer|Discard/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Other" })).not.toBeInTheDocument();
    expect(dock.sim.history().filter((m) => m.role === "user")).toHaveLength(1);
  });

  it("waits in memory while the agent is busy, and after a reload its question is open again, empty", async () => {
    dock.sim.askAsync({ questions: [TOKEN_QUESTION] });
    dock.sim.startRun();
    await answerWithKey();
    expect(await screen.findByText("Answer queued")).toBeInTheDocument();
    expect(await keptEntries(dock.storage)).toEqual([]);
    expect(await keptDrafts(dock.storage)).toEqual([]);

    reload();
    expect(await screen.findByRole("textbox", { name: "Other" })).toHaveValue("");
    expect(screen.queryByText("Answer queued")).not.toBeInTheDocument();
    expect(screen.queryByText(KEY)).not.toBeInTheDocument();
    expect(dock.sim.history().filter((m) => m.role === "user")).toHaveLength(0);
  });
});
