import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DockLayout, QuestionDock, QuestionDockProvider, QuestionSummaryList } from "../../src";
import { createScriptedDock } from "../../src/simulated";
import { TARGET } from "./dock-harness";

let stop: () => void = () => {};
afterEach(() => stop());

const SESSION = "agent:main:guest-alice";

function start(token: string, scopes: string[]) {
  // The client presents its own token and scopes, which the gateway's owner token need not match.
  const { sim, client, store, dispose } = createScriptedDock({
    token: "owner",
    sim: { tickIntervalMs: 0, guests: { "alice-token": "alice" } },
    client: { token, scopes },
    sessionKey: SESSION,
    store: { typingGraceMs: 0 },
  });
  client.start();
  stop = dispose;
  render(
    <QuestionDockProvider store={store}>
      <DockLayout transcript={<QuestionSummaryList />} dock={<QuestionDock layout="stepper" />} composer={<textarea aria-label="Message" />} />
    </QuestionDockProvider>,
  );
  return { sim, store };
}

describe("A connection without the permission to see questions", () => {
  it("tells the person in plain words which permission is missing, and can be dismissed", async () => {
    start("owner", ["operator.read"]);
    const words = await screen.findByText("This connection may not see questions (missing operator.questions).");
    const box = words.closest("[role=status]") as HTMLElement;
    expect(box).not.toBeNull();
    await vi.waitFor(() => expect(screen.queryByRole("region", { name: "Questions" })).not.toBeInTheDocument());
    within(box).getByRole("button", { name: "Dismiss" }).click();
    await vi.waitFor(() => expect(screen.queryByText(/may not see questions/)).not.toBeInTheDocument());
  });

  it("says what the gateway said when it names no scope (no verified user profile)", async () => {
    start("owner", ["operator.sessions.write"]);
    expect(await screen.findByText("This connection may not see questions. The gateway said: Session-scoped access requires a verified user profile.")).toBeInTheDocument();
  });

  it("a guest with operator.sessions.write sees its own run's question and no notice", async () => {
    const { sim } = start("alice-token", ["operator.sessions.write"]);
    await vi.waitFor(() => expect(screen.queryByText(/Connecting/)).toBeNull());
    sim.ask({ sessionKey: SESSION, runId: "run-a", askedBy: "alice", questions: [TARGET] });
    sim.ask({ sessionKey: SESSION, questions: [{ ...TARGET, question: "Someone else's question?" }] });
    expect(await screen.findByText(TARGET.question)).toBeInTheDocument();
    expect(screen.queryByText("Someone else's question?")).not.toBeInTheDocument();
    expect(screen.queryByText(/This connection may not/)).not.toBeInTheDocument();
  });
});
