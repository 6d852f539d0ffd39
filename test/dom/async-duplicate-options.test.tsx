import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import type { QuestionRecord } from "../../src/protocol";
import { newView } from "../../src/store/dock/drafts";
import { renderPane, startAsyncDock, type StartedAsyncDock } from "./async-harness";
import { keptDrafts } from "../support/kept";

const BRANCH = { title: "Which branch should the fix land on?", options: ["main", "release"] };

let dock: StartedAsyncDock;
let consoleError: MockInstance<typeof console.error>;

function keyWarnings(): unknown[][] {
  return consoleError.mock.calls.filter((args) => args.some((a) => typeof a === "string" && /same key|unique "key"/i.test(a)));
}

const renderDock = () => renderPane(dock.store);

beforeEach(async () => {
  consoleError = vi.spyOn(console, "error");
  dock = await startAsyncDock();
});

afterEach(() => {
  dock.stop();
  consoleError.mockRestore();
});

describe("An async delivery whose options repeat a label", () => {
  it("is shown with every option; each is its own choice, and the label is sent", async () => {
    renderDock();
    const { user } = dock;
    dock.sim.askAsync({ questions: [{ title: "Deploy where?", options: ["Staging", "Production", "Staging"] }] });
    expect(await screen.findByRole("radiogroup", { name: "Deploy where?" })).toBeInTheDocument();
    const [first, , last] = screen.getAllByRole("radio");
    expect(screen.getAllByRole("radio", { name: "Staging" })).toEqual([first, last]);
    await user.click(last!);
    expect(screen.getAllByRole("radio", { checked: true })).toEqual([last]);
    // Its digit picks the first of the two, and only that one.
    await user.keyboard("1");
    expect(screen.getAllByRole("radio", { checked: true })).toEqual([first]);
    await user.click(last!);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(screen.getByText("Answer sent")).toBeInTheDocument());
    expect(dock.sim.history().filter((m) => m.role === "user").map((m) => m.content)).toEqual(["> Deploy where?\n\nStaging"]);
    expect(dock.store.getState().chat.rejected).toEqual([]);
    expect(keyWarnings()).toEqual([]);
  });

  it("keeps the option picked across a reload, not just its label", async () => {
    renderDock();
    const { user } = dock;
    dock.sim.askAsync({ questions: [{ title: "Deploy where?", options: ["Staging", "Production", "Staging"] }] });
    await screen.findByRole("radiogroup", { name: "Deploy where?" });
    await user.click(screen.getAllByRole("radio")[2]!);
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await keptDrafts(dock.storage))[0]?.answers[0]).toMatchObject({ selected: ["Staging"], positions: [2] });

    cleanup();
    dock.reload();
    renderDock();
    await screen.findByRole("radiogroup", { name: "Deploy where?" });
    await vi.waitFor(() => expect(screen.getAllByRole("radio", { checked: true })).toEqual([screen.getAllByRole("radio")[2]]));
  });

  it("keeps labels equal but for case as the distinct choices they are", async () => {
    renderDock();
    const { user } = dock;
    dock.sim.askAsync({ questions: [BRANCH, { title: "Ship it?", options: ["Yes", "yes", "No"] }] });
    await user.click(await screen.findByRole("radio", { name: "main" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    const lower = await screen.findByRole("radio", { name: "yes" });
    await user.click(lower);
    expect(screen.getByRole("radio", { name: "Yes" })).not.toBeChecked();
    expect(screen.getAllByRole("radio", { checked: true })).toEqual([lower]);
    expect(keyWarnings()).toEqual([]);
  });
});

describe("Option elements", () => {
  it("are keyed by position, so even a record that repeats a label renders without a duplicate-key warning", () => {
    // Straight into the store, past every validator: the view must hold up on its own.
    const record: QuestionRecord = {
      id: "q-dup",
      createdAtMs: Date.now(),
      expiresAtMs: Date.now() + 60_000,
      status: "pending",
      questions: [{ questionId: "pick", header: "Pick", question: "Which one?", options: [{ label: "Same" }, { label: "Same" }, { label: "Other one" }] }],
    };
    dock.store.setState({ records: new Map([[record.id, record]]), order: [record.id], activeId: record.id });
    renderDock();
    expect(screen.getAllByRole("radio")).toHaveLength(3);
    expect(keyWarnings()).toEqual([]);
  });

  it("are checked by position, so a repeated label checks only the option picked", async () => {
    const { user } = dock;
    const record: QuestionRecord = {
      id: "q-dup",
      createdAtMs: Date.now(),
      expiresAtMs: Date.now() + 60_000,
      status: "pending",
      questions: [{ questionId: "pick", header: "Pick", question: "Which ones?", multiSelect: true, options: [{ label: "Same" }, { label: "Other one" }, { label: "Same" }] }],
    };
    dock.store.setState({ records: new Map([[record.id, record]]), views: new Map([[record.id, newView()]]), order: [record.id], activeId: record.id });
    renderDock();
    const boxes = screen.getAllByRole("checkbox");
    await user.click(boxes[2]!);
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([false, false, true]);
    await user.click(boxes[0]!);
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, false, true]);
    await user.click(boxes[2]!);
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, false, false]);
  });
});
