// Problems behind async questions reach the person: storage that cannot keep answers, and a delivery that
// could not be read, each as a notice near the dock in the locale's words; the stores hold only their kinds.
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deMessages } from "../../src/messages/de";
import { createMemoryStorage, type DockStorage } from "../../src/store";
import { renderPane, startAsyncDock, type StartedAsyncDock } from "./async-harness";

const BRANCH = { title: "Which branch should the fix land on?", options: ["main", "release"] };

let rig: StartedAsyncDock | undefined;

async function start(storage: DockStorage, german = false): Promise<StartedAsyncDock> {
  rig = await startAsyncDock({ storage });
  renderPane(rig.store, { ...(german ? { locale: "de", messages: deMessages } : {}), transcript: false });
  return rig;
}

afterEach(() => {
  rig?.stop();
  rig = undefined;
});

const quotaExceeded = () => Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError"));
const fullStorage = (): DockStorage => ({ ...createMemoryStorage(), put: quotaExceeded, remove: quotaExceeded });
const unreadableStorage = (): DockStorage => ({ ...createMemoryStorage(), list: () => Promise.reject(new Error("IndexedDB is not available here")) });

/** The status notice whose words match `text`, once it shows. */
const notice = (text: RegExp) =>
  vi.waitFor(
    () => {
      const found = screen.getAllByRole("status").find((el) => text.test(el.textContent ?? ""));
      if (!found) throw new Error(`no status says ${String(text)}`);
      return found;
    },
    { timeout: 5_000 },
  );

describe("A storage failure", () => {
  it("is shown when an answer cannot be saved, and the answer is still sent", async () => {
    const { sim, user } = await start(fullStorage());
    sim.askAsync({ questions: [BRANCH] });
    await user.click(await screen.findByRole("radio", { name: "release" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await notice(/Answers are not being saved on this device/)).toBeVisible();
    expect(rig!.store.getState().outbox.storageError).toEqual({ kind: "storage-failed", operation: "save" });
    await vi.waitFor(() => expect(sim.history().filter((m) => m.role === "user")).toHaveLength(1));
  });

  it("is shown when saved answers cannot be read, in the dock's locale, and can be dismissed", async () => {
    const { user } = await start(unreadableStorage(), true);
    const status = await notice(/Auf diesem Gerät gespeicherte Antworten konnten nicht gelesen werden/);
    await user.click(within(status).getByRole("button", { name: "Schließen" }));
    expect(screen.queryAllByRole("status").filter((el) => /gespeicherte Antworten/.test(el.textContent ?? ""))).toEqual([]);
  });
});

describe("A malformed async delivery", () => {
  it("is shown with the question it concerns, while the rest keeps working", async () => {
    const { sim } = await start(createMemoryStorage());
    sim.askAsync({ itemId: "broken", questions: [] });
    const status = await notice(/Something the gateway sent could not be read/);
    expect(within(status).getByText(/broken: .*must have 1 to 12 questions/)).toBeVisible();
    sim.askAsync({ questions: [BRANCH] });
    expect(await screen.findByRole("radiogroup", { name: BRANCH.title })).toBeInTheDocument();
  });
});
