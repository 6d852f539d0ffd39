import { act, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestNotificationPermission } from "../../src";
import type { QuestionRecord } from "../../src/protocol";
import { REGION, TARGET, dock, renderDock, startDock, type DockHarness } from "./dock-harness";

// A stand-in for the browser's Notification: what the dock showed, and a click the test can make.
class FakeNotification {
  static permission: NotificationPermission = "granted";
  static requestPermission = vi.fn(async () => FakeNotification.permission);
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions = {},
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

let visibility: DocumentVisibilityState = "hidden";
let h: DockHarness;
beforeEach(async () => {
  FakeNotification.permission = "granted";
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal("Notification", FakeNotification);
  visibility = "hidden";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
  h = await startDock();
});
afterEach(() => {
  h.stop();
  vi.unstubAllGlobals();
  // The prototype's own getter comes back once the instance's is gone.
  delete (document as { visibilityState?: unknown }).visibilityState;
});

// The simulator refuses secret questions as the gateway does today, so this one arrives as a gateway event would.
function secretRecord(): QuestionRecord {
  const now = Date.now();
  return {
    id: "secret-1",
    sessionKey: "main",
    createdAtMs: now,
    expiresAtMs: now + 60_000,
    status: "pending",
    questions: [{ questionId: "token", header: "Token", question: "Paste the deploy token for prod-eu-7", options: [], isOther: true, isSecret: true }],
  };
}

describe("Notifications", () => {
  it("show a question that arrives while the page is hidden, once", async () => {
    const view = renderDock(h, { notifications: true });
    await h.ask({ questions: [TARGET] });
    await screen.findByRole("radiogroup");
    expect(FakeNotification.shown).toHaveLength(1);
    expect(FakeNotification.shown[0]).toMatchObject({ title: "A question is waiting", options: { body: TARGET.question } });
    // Neither a re-render nor a reconnect's recovery tells of it again.
    view.rerender(<></>);
    renderDock(h, { notifications: true });
    // The drop is recorded as it happens: on a loaded machine the client is back before a poll would see it.
    const states: string[] = [];
    const stopWatching = h.store.subscribe((s) => states.push(s.connection.state));
    h.sim.dropConnections();
    await vi.waitFor(() => expect(states).toContain("reconnecting"));
    await vi.waitFor(() => expect(h.store.getState().connection.state).toBe("connected"), { timeout: 10_000 });
    stopWatching();
    await h.ask({ questions: [REGION] });
    expect(FakeNotification.shown.map((n) => n.options.body)).toEqual([TARGET.question, REGION.question]);
  });

  it("stay quiet while the page is visible", async () => {
    visibility = "visible";
    renderDock(h, { notifications: true });
    await h.ask({ questions: [TARGET] });
    await screen.findByRole("radiogroup");
    expect(FakeNotification.shown).toHaveLength(0);
  });

  it("stay quiet unless the host opts in, and never ask for the permission by themselves", async () => {
    renderDock(h);
    await h.ask({ questions: [TARGET] });
    await screen.findByRole("radiogroup");
    expect(FakeNotification.shown).toHaveLength(0);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });

  it("stay quiet until the person allows them, and ask only from their click", async () => {
    FakeNotification.permission = "default";
    render(
      <button type="button" onClick={() => void requestNotificationPermission()}>
        Enable notifications
      </button>,
    );
    renderDock(h, { notifications: true });
    await h.ask({ questions: [TARGET] });
    await screen.findByRole("radiogroup");
    expect(FakeNotification.shown).toHaveLength(0);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    await h.user.click(screen.getByRole("button", { name: "Enable notifications" }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it("carry the question's words, not its markdown", async () => {
    renderDock(h, { notifications: true });
    await h.ask({ questions: [{ ...TARGET, question: "Deploy **`main`** to [staging](https://example.com)?" }] });
    await vi.waitFor(() => expect(FakeNotification.shown).toHaveLength(1));
    expect(FakeNotification.shown[0]!.options.body).toBe("Deploy main to staging?");
  });

  it("never carry a secret question's text", async () => {
    renderDock(h, { notifications: true });
    h.sim.broadcast("question.requested", secretRecord());
    await vi.waitFor(() => expect(FakeNotification.shown).toHaveLength(1));
    const { title, options } = FakeNotification.shown[0]!;
    expect(`${title} ${options.body}`).not.toContain("prod-eu-7");
    expect(options.body).toBe("The agent asks for a secret. Open the page to answer it.");
  });

  it("on a click, bring the window forward and the dock open at that question, with focus on it", async () => {
    const focusWindow = vi.spyOn(window, "focus").mockImplementation(() => undefined);
    await h.ask({ questions: [TARGET] });
    renderDock(h, { notifications: true });
    const composer = screen.getByRole("textbox", { name: "Message" });
    await h.user.click(screen.getByRole("button", { name: "Collapse questions" }));
    expect(composer).toHaveFocus();
    await h.ask({ questions: [REGION] });
    const note = FakeNotification.shown.at(-1)!;
    expect(note.options.body).toBe(REGION.question);
    act(() => note.onclick?.());
    expect(focusWindow).toHaveBeenCalled();
    const radios = await within(dock()).findByRole("radiogroup", { name: REGION.question });
    await vi.waitFor(() => expect(within(radios).getByRole("radio", { name: "EU" })).toHaveFocus());
    expect(note.closed).toBe(true);
  });

  it("close when their question ends", async () => {
    renderDock(h, { notifications: true });
    await h.ask({ questions: [TARGET] });
    await screen.findByRole("radiogroup");
    await h.user.click(screen.getByRole("button", { name: "Skip" }));
    await vi.waitFor(() => expect(FakeNotification.shown[0]?.closed).toBe(true));
  });
});
