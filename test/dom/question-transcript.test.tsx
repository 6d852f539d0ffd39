import { act, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QuestionDockProvider, QuestionTranscript } from "../../src";
import type { TranscriptMessage } from "../../src/store";
import { REGION, startDock, type DockHarness } from "./dock-harness";
import { transcriptRows as rows } from "../support/transcript-rows";

interface Message extends TranscriptMessage {
  text: string;
}

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());


/** A host: its messages, a composer, and the kit's transcript. */
function Host({ messages, pageSize }: { messages: Message[]; pageSize?: number }) {
  return (
    <QuestionDockProvider store={h.store}>
      <QuestionTranscript messages={messages} renderMessage={(m) => m.text} {...(pageSize ? { pageSize } : {})} />
      <textarea aria-label="Message" />
    </QuestionDockProvider>
  );
}

describe("QuestionTranscript, live", () => {
  it("puts a question's summary at its run's turn as it settles, then right before the run's reply, without taking focus", async () => {
    const now = Date.now();
    const messages: Message[] = [
      { id: "u1", role: "user", at: now - 2_000, runId: "run-1", text: "Set up the database" },
      { id: "a1", role: "assistant", at: now - 1_000, runId: "run-1", text: "Where should it live?" },
      { id: "u0", role: "user", at: now - 500, text: "Also, hello" },
    ];
    const { rerender } = render(<Host messages={messages} />);
    await h.user.click(screen.getByRole("textbox", { name: "Message" }));
    const id = await h.ask({ runId: "run-1", questions: [REGION] });
    expect(rows()).toEqual(["Set up the database", "Where should it live?", "Also, hello"]);

    await act(async () => h.sim.resolve(id, { region: ["US East"] }, "control-ui:phone"));
    await vi.waitFor(() => expect(rows()).toEqual(["Set up the database", "Where should it live?", "summary: Question, answered elsewhere", "Also, hello"]));
    expect(within(screen.getByRole("article", { name: "Question, answered elsewhere" })).getByText("US East")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();

    // The run's reply to the answer comes below the person's later message: the summary goes right before it.
    rerender(<Host messages={[...messages, { id: "a2", role: "assistant", at: Date.now() + 1_000, runId: "run-1", text: "US East it is." }]} />);
    expect(rows()).toEqual(["Set up the database", "Where should it live?", "Also, hello", "summary: Question, answered elsewhere", "US East it is."]);
  });

  it("renders an agent's markup in a message or a summary as text", async () => {
    const id = await h.ask({ runId: "run-x", questions: [{ ...REGION, question: "<img src=x onerror=alert(1)>Which region?" }] });
    await act(async () => h.sim.cancel(id));
    render(<Host messages={[{ id: "a", role: "assistant", at: 0, runId: "run-x", text: "<b>bold</b>" }]} />);
    await vi.waitFor(() => expect(screen.getAllByRole("listitem").length).toBeGreaterThan(1));
    expect(screen.getByText("<b>bold</b>")).toBeInTheDocument();
    expect(screen.getByText("<img src=x onerror=alert(1)>Which region?")).toBeInTheDocument();
    expect(document.querySelector("img, b")).toBeNull();
  });

  it("shows earlier rows from the keyboard and then moves focus to the list", async () => {
    const initial = Array.from({ length: 5 }, (_, i): Message => ({ id: `m${i}`, role: "user", at: i, text: `Message ${i}` }));
    render(<Host messages={initial} pageSize={3} />);
    expect(rows()).toEqual(["Message 2", "Message 3", "Message 4"]);
    await h.user.tab();
    expect(screen.getByRole("button", { name: "Show earlier messages (2 not shown)" })).toHaveFocus();
    await h.user.keyboard("{Enter}");
    expect(rows()).toEqual(initial.map((m) => m.text));
    expect(screen.getByRole("list", { name: "Conversation" })).toHaveFocus();
  });
});
