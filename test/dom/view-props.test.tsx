// Every view takes a host's className and style beside the kit's own class, and says its state in data-state.
import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { QuestionDock, QuestionDockProvider, QuestionSummaryList, QuestionTranscript } from "../../src";
import { REGION, TARGET, dock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());

const red = { outline: "1px solid red" };

describe("className and style", () => {
  it("reach the dock and each part, next to the kit's classes", async () => {
    await h.ask({ questions: [TARGET, REGION] });
    render(
      <QuestionDockProvider store={h.store}>
        <QuestionDock.Root layout="stepper" className="host-dock" style={red}>
          <QuestionDock.Header className="host-header" />
          <QuestionDock.Panel className="host-panel">
            <QuestionDock.Progress className="host-progress" />
            <QuestionDock.Questions className="host-question">
              <QuestionDock.Options className="host-options" />
              <QuestionDock.Other className="host-other" style={red} />
              <QuestionDock.Prompt className="host-prompt" />
            </QuestionDock.Questions>
            <QuestionDock.Footer className="host-footer" />
          </QuestionDock.Panel>
        </QuestionDock.Root>
      </QuestionDockProvider>,
    );
    expect(dock()).toHaveClass("qd-dock", "host-dock");
    expect(dock()).toHaveStyle(red);
    for (const [kit, host] of [["qd-header", "host-header"], ["qd-prompt", "host-panel"], ["qd-progress", "host-progress"], ["qd-question", "host-question"], ["qd-options", "host-options"], ["qd-other", "host-other"], ["qd-question__text", "host-prompt"], ["qd-footer", "host-footer"]]) {
      expect(dock().querySelector(`.${host}`), host).toHaveClass(kit!);
    }
    expect(dock().querySelector(".host-other")).toHaveStyle(red);
    // The question's words come after its options here, and still name them.
    expect(within(dock()).getByRole("radiogroup", { name: TARGET.question })).toBeInTheDocument();
  });

  it("reach the summaries and the transcript, whose summaries say their outcome in data-state", async () => {
    const id = await h.ask({ questions: [TARGET] });
    render(
      <QuestionDockProvider store={h.store}>
        <QuestionTranscript className="host-transcript" style={red} messages={[]} renderMessage={() => null} />
        <QuestionSummaryList className="host-summaries" style={red} />
        <QuestionDock />
      </QuestionDockProvider>,
    );
    await h.user.click(screen.getByRole("button", { name: "Skip" }));
    const summaries = await screen.findAllByRole("article", { name: "Question, skipped" });
    expect(summaries.map((s) => s.getAttribute("data-state"))).toEqual(["skipped", "skipped"]);
    expect(screen.getByRole("list", { name: "Finished questions" })).toHaveClass("qd-summaries", "host-summaries");
    expect(screen.getByRole("list", { name: "Finished questions" })).toHaveStyle(red);
    expect(h.gatewayRecord(id)?.status).toBe("cancelled");
    expect(screen.getByRole("list", { name: "Conversation" })).toHaveClass("qd-transcript", "host-transcript");
    expect(screen.getByRole("list", { name: "Conversation" })).toHaveStyle(red);
  });
});
