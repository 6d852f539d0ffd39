import { act, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QuestionDockProvider, QuestionSummaryList } from "../../src";
import { deMessages } from "../../src/messages/de";
import { REGION, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());

/** `n` questions asked and cancelled one after another, numbered in their text from `first`. */
async function finished(n: number, first = 1) {
  for (let i = first; i < first + n; i++) {
    const id = await h.ask({ questions: [{ ...REGION, question: `Question ${i}?` }] });
    await act(async () => h.sim.cancel(id));
  }
  await vi.waitFor(() => expect(h.store.getState().outcomes.size).toBe(first - 1 + n));
}

/** The list on the harness's dock, in English, showing `pageSize` summaries a page. */
const renderList = (pageSize: number) =>
  render(
    <QuestionDockProvider store={h.store}>
      <QuestionSummaryList pageSize={pageSize} />
    </QuestionDockProvider>,
  );

const shownQuestions = () => screen.getAllByRole("article").map((a) => within(a).getByText(/^Question \d+\?$/).textContent);

describe("QuestionSummaryList in a long conversation", () => {
  it("shows the newest page, then earlier ones a page at a time from the keyboard, and moves focus to the list once all show", async () => {
    await finished(7);
    renderList(3);
    expect(shownQuestions()).toEqual(["Question 5?", "Question 6?", "Question 7?"]);
    const earlier = screen.getByRole("button", { name: "Show earlier questions (4 not shown)" });
    await h.user.tab();
    expect(earlier).toHaveFocus();
    await h.user.keyboard("{Enter}");
    expect(shownQuestions()).toEqual(["Question 2?", "Question 3?", "Question 4?", "Question 5?", "Question 6?", "Question 7?"]);
    expect(screen.getByRole("button", { name: "Show the earlier question" })).toHaveFocus();
    await h.user.keyboard("{Enter}");
    expect(shownQuestions()).toHaveLength(7);
    expect(screen.queryByRole("button", { name: /earlier/ })).not.toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Finished questions" })).toHaveFocus();
  });

  it("keeps showing the newest summaries as more questions end, and numbers the list from the first shown", async () => {
    await finished(4);
    renderList(2);
    await finished(3, 5);
    expect(shownQuestions()).toEqual(["Question 6?", "Question 7?"]);
    expect(screen.getByRole("list", { name: "Finished questions" })).toHaveAttribute("start", "6");
  });

  it("says it in the host's language, and a page size that makes no sense falls back to the default", async () => {
    await finished(2);
    render(
      <QuestionDockProvider store={h.store} messages={deMessages} locale="de">
        <QuestionSummaryList pageSize={1} />
      </QuestionDockProvider>,
    );
    expect(screen.getByRole("button", { name: "Die frühere Frage zeigen" })).toBeInTheDocument();
    renderList(Number.NaN);
    // The default page holds both, so only the German list has a button.
    expect(screen.queryByRole("button", { name: /earlier/i })).not.toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Finished questions" }).children).toHaveLength(2);
  });
});
