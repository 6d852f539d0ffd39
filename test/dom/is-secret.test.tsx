// A question flagged `isSecret` without a secret store is as secret as one with: the dock masks it, keeps its
// answer in memory only, and never warns about credentials in it.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DockLayout, QuestionDock, QuestionDockProvider, QuestionSummaryList } from "../../src";
import type { QuestionRecord } from "../../src/protocol";
import { createScriptedDock, type ScriptedDock } from "../../src/simulated";
import { DRAFT_SAVE_DELAY_MS, blockingDraftsFeature, createMemoryStorage, createPaneBus, type PaneBus, type PaneMessage } from "../../src/store";
import { keptDrafts } from "../support/kept";

const TYPED = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";

let dock: ScriptedDock;
let storage: ReturnType<typeof createMemoryStorage>;
let listener: PaneBus;
let heard: PaneMessage[];

function flagged(id: string): QuestionRecord {
  const now = Date.now();
  return {
    id,
    sessionKey: "agent:main:main",
    runId: "run-1",
    createdAtMs: now,
    expiresAtMs: now + 60_000,
    status: "pending",
    questions: [{ questionId: "api_key", header: "Key", question: "Paste the deploy key", options: [], isOther: true, isSecret: true }],
  };
}

beforeEach(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  sessionStorage.clear();
  storage = createMemoryStorage();
  const channel = `is-secret-${Math.random()}`;
  listener = createPaneBus(channel);
  heard = [];
  listener.subscribe((m) => heard.push(m));
  dock = createScriptedDock({ sim: { tickIntervalMs: 0, reply: false }, store: { typingGraceMs: 0, blockingDrafts: blockingDraftsFeature({ storage, bus: createPaneBus(channel) }) } });
  await dock.connect();
  await vi.waitFor(() => expect(dock.state().connection.state).toBe("connected"));
  render(
    <QuestionDockProvider store={dock.store}>
      <DockLayout transcript={<QuestionSummaryList />} dock={<QuestionDock layout="stepper" />} composer={<textarea aria-label="Message" />} />
    </QuestionDockProvider>,
  );
});

afterEach(() => {
  dock.dispose();
  listener.close();
  vi.useRealTimers();
});

async function typeSecret(id: string) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  dock.sim.broadcast("question.requested", flagged(id));
  await screen.findByText("Paste the deploy key");
  const field = screen.getByLabelText("Other");
  await user.click(field);
  await user.paste(TYPED);
  await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2);
  return field;
}

describe("A question flagged isSecret", () => {
  it("is masked, draws no credential warning, and its draft is neither stored nor broadcast", async () => {
    const field = await typeSecret("secret-1");
    expect(field).toHaveAttribute("type", "password");
    expect(field).toHaveValue(TYPED);
    expect(screen.queryByText(/looks like a password or key/)).not.toBeInTheDocument();
    expect(await keptDrafts(storage)).toEqual([]);
    expect(JSON.stringify(heard)).not.toContain(TYPED);
  });

  it("is masked in its summary, and neither its answer nor its unsent text is kept for a reload", async () => {
    await typeSecret("secret-2");
    dock.sim.broadcast("question.resolved", { id: "secret-2", status: "expired" });
    expect(await screen.findByRole("article", { name: "Question, expired" })).toBeInTheDocument();
    expect(screen.queryByText(TYPED)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Copy answer" })).not.toBeInTheDocument();

    await typeSecret("secret-3");
    dock.sim.broadcast("question.resolved", { id: "secret-3", status: "answered", answers: { answers: { api_key: [TYPED] } } });
    expect(await screen.findByRole("article", { name: /answered elsewhere/i })).toBeInTheDocument();
    expect(screen.queryByText(TYPED)).not.toBeInTheDocument();
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(TYPED);
  });
});
