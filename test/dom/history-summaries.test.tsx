// A page opened after the agent's questions ended (a reload) shows their summaries from the conversation history:
// what was asked, the answer, and for no answer only what the history says.
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QuestionDockProvider, QuestionSummaryList } from "../../src";
import { createAsyncDock, type AsyncDock } from "./async-harness";

let dock: AsyncDock | undefined;

afterEach(() => {
  dock?.dispose();
  dock = undefined;
});

describe("Summaries from the conversation history", () => {
  it("a fresh store on the same history shows each question with its answer or what the history says", async () => {
    // The history is written before the page opens: the client starts only once the runs are over.
    dock = createAsyncDock();
    const { sim, store } = dock;
    const r1 = sim.startRun();
    const q1 = sim.ask({ runId: r1, questions: [{ questionId: "parts", header: "Parts", question: "Which parts should change?", options: [{ label: "API" }, { label: "Web" }], multiSelect: true }] });
    sim.resolve(q1.id, { parts: ["API", "Only the docs"] });
    await vi.waitFor(() => expect(sim.history().some((m) => m.role === "toolResult")).toBe(true));
    sim.completeRun(r1, "Changing those.");
    const r2 = sim.startRun();
    const q2 = sim.ask({ runId: r2, questions: [{ questionId: "color", header: "Color", question: "Which color?", options: [{ label: "Red" }, { label: "Blue" }] }] });
    sim.cancel(q2.id, "control-ui:another-tab");
    await vi.waitFor(() => expect(sim.history().filter((m) => m.role === "toolResult")).toHaveLength(2));
    sim.completeRun(r2, "Picking myself.");
    const rx = sim.startRun();
    sim.ask({ runId: rx, timeoutMs: 50, questions: [{ questionId: "later", header: "Later", question: "Ship it tonight?", options: [{ label: "Yes" }, { label: "No" }] }] });
    await vi.waitFor(() => expect(sim.history().filter((m) => m.role === "toolResult")).toHaveLength(3));
    sim.completeRun(rx, "Waiting till morning.");
    const r3 = sim.startRun();
    sim.ask({ runId: r3, questions: [{ questionId: "size", header: "Size", question: "How big should it be?", options: [{ label: "S" }, { label: "L" }] }] });
    sim.abortRun(r3);

    dock.client.start();
    render(
      <QuestionDockProvider store={store}>
        <QuestionSummaryList />
      </QuestionDockProvider>,
    );
    const answered = await screen.findByRole("article", { name: "Question, answered" });
    expect(within(answered).getByText("Which parts should change?")).toBeInTheDocument();
    expect(within(answered).getByText("API, Only the docs")).toBeInTheDocument();
    const expired = await screen.findByRole("article", { name: "Question, expired" });
    expect(within(expired).getByText("Ship it tonight?")).toBeInTheDocument();
    const noAnswers = await screen.findAllByRole("article", { name: "Question, no answer" });
    expect(noAnswers).toHaveLength(2);
    expect(within(noAnswers[0]!).getByText("Which color?")).toBeInTheDocument();
    expect(within(noAnswers[0]!).getByText("It was skipped or cancelled; the conversation history does not say by whom.")).toBeInTheDocument();
    expect(within(noAnswers[1]!).getByText("How big should it be?")).toBeInTheDocument();
    expect(within(noAnswers[1]!).getByText("The conversation history does not say why.")).toBeInTheDocument();
    // Nothing claims more than the history holds: no "Skipped", "Cancelled" or "Answered elsewhere".
    expect(screen.queryByText(/^(Skipped|Cancelled|Answered elsewhere)$/)).not.toBeInTheDocument();
  });
});
