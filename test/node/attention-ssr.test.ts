// The attention features touch `document` and `Notification` only in effects: a server renders the dock with them on.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QuestionDock, QuestionDockProvider } from "../../src";
import { isReopenDockKey } from "../../src/hooks/keyboard-intent";
import { createScriptedDock } from "../../src/simulated";
import { TARGET } from "../support/questions";

describe("Attention on a server", () => {
  it("renders the dock with the title count, notifications and the shortcut on, without a document", () => {
    expect(typeof document).toBe("undefined");
    const now = Date.now();
    const record = { id: "q-1", sessionKey: "main", runId: "run-1", createdAtMs: now, expiresAtMs: now + 60_000, status: "pending" as const, questions: [TARGET] };
    const { store } = createScriptedDock({ store: { initialRecords: [record] } });
    const html = renderToString(
      createElement(QuestionDockProvider, { store }, createElement(QuestionDock, { titleCount: true, notifications: true })),
    );
    // zustand serves a server its stores' initial state, so the dock renders its live region and waits for the client.
    expect(html).toContain('role="status"');
    store.getState().actions.dispose();
  });
});

describe("The reopen shortcut", () => {
  const key = (e: Partial<Parameters<typeof isReopenDockKey>[0]>) => isReopenDockKey({ key: "Q", code: "KeyQ", altKey: true, shiftKey: true, ctrlKey: false, metaKey: false, target: null, ...e });
  it("is Alt+Shift+Q by the key's place, so a Mac's Option+Shift+Q (Œ) counts", () => {
    expect(key({})).toBe(true);
    expect(key({ key: "Œ" })).toBe(true);
  });
  it("is nothing else", () => {
    expect(key({ shiftKey: false })).toBe(false);
    expect(key({ ctrlKey: true })).toBe(false);
    expect(key({ metaKey: true })).toBe(false);
    expect(key({ key: "W", code: "KeyW" })).toBe(false);
    expect(key({ isComposing: true })).toBe(false);
  });
});
