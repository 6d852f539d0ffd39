// A question as the release after openclaw 2026.9.6 may ask it: ten options, one with a `value`, and fields the kit
// does not read (an option's `preview`, the question's `presentation`). The simulated gateway takes it under the
// next release's rules; the dock shows it in its plainest form, digits pick the first nine, arrows and Tab reach the
// rest, and the label is what the dock sends.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TransportFactory } from "../../src/gateway/transport";
import type { SimAskParams } from "../../src/simulated";
import { dock, renderDock, startDock, type DockHarness } from "./dock-harness";

const CITIES = ["Frankfurt", "Dublin", "Paris", "Stockholm", "Milan", "Madrid", "London", "Zurich", "Warsaw", "Oslo"];
const REGION: SimAskParams["questions"][number] = {
  questionId: "region",
  header: "Region",
  question: "Which region should host the database?",
  options: CITIES.map((label, i) => ({ label, ...(i === 0 ? { preview: "Closest to most users" } : {}), ...(i === 1 ? { value: "eu-west-1" } : {}) })),
  presentation: "form",
};

let h: DockHarness;
let resolves: unknown[];
// Keeps the params of every question.resolve the client sends, to see what the dock answered with.
const watchResolves =
  (inner: TransportFactory): TransportFactory =>
  (url, handlers) => {
    const link = inner(url, handlers);
    return {
      send(text) {
        const frame = JSON.parse(text) as { method?: string; params?: unknown };
        if (frame.method === "question.resolve") resolves.push(frame.params);
        link.send(text);
      },
      close: (code, reason) => link.close(code, reason),
    };
  };

beforeEach(async () => {
  resolves = [];
  h = await startDock({ questionSchema: "next", transport: watchResolves });
});
afterEach(() => h.stop());

describe("A question with ten options, an option value and fields the kit does not read", () => {
  it("shows every option by its label, with digit hints on the first nine only, and nothing of the unknown fields", async () => {
    await h.ask({ questions: [REGION] });
    renderDock(h);
    const radios = within(screen.getByRole("radiogroup", { name: REGION.question })).getAllByRole("radio");
    expect(radios).toHaveLength(10);
    radios.forEach((radio, i) => expect(radio).toHaveAccessibleName(CITIES[i]));
    expect(within(radios[8]!).getByText("9").tagName).toBe("KBD");
    expect(within(radios[9]!).queryByText("10")).not.toBeInTheDocument();
    expect(within(dock()).queryByText("Closest to most users")).not.toBeInTheDocument();
    expect(within(dock()).queryByText(/eu-west-1/)).not.toBeInTheDocument();
    // Ten options leave no digit for Other: its field shows no hint.
    expect(within(dock()).queryByText("11")).not.toBeInTheDocument();
  });

  it("picks the first nine with the digit keys and the tenth with an arrow key; the gateway records the label sent", async () => {
    const id = await h.ask({ questions: [REGION] });
    renderDock(h);
    await h.user.click(screen.getByRole("heading", { name: REGION.question }));
    for (let n = 1; n <= 9; n++) {
      await h.user.keyboard(String(n));
      expect(screen.getByRole("radio", { name: CITIES[n - 1] })).toBeChecked();
    }
    await h.user.keyboard("0");
    expect(screen.getByRole("radio", { name: "Warsaw" })).toBeChecked();
    await h.user.click(screen.getByRole("radio", { name: "Warsaw" }));
    // Held, as a person's key is while the radio group moves focus on its next task and checks the option it lands on.
    await h.user.keyboard("{ArrowDown>}");
    await waitFor(() => expect(screen.getByRole("radio", { name: "Oslo" })).toHaveFocus());
    await h.user.keyboard("{/ArrowDown}");
    expect(screen.getByRole("radio", { name: "Oslo" })).toBeChecked();
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("Answered");
    expect(resolves).toEqual([expect.objectContaining({ id, answers: { answers: { region: ["Oslo"] } } })]);
    expect(h.gatewayRecord(id)).toMatchObject({ status: "answered", answers: { answers: { region: ["Oslo"] } } });
  });

  it("in multi-select, Tab reaches the tenth; the dock sends labels, and the gateway records value ?? label", async () => {
    const id = await h.ask({ questions: [{ ...REGION, multiSelect: true }] });
    renderDock(h);
    await h.user.click(screen.getByRole("heading", { name: REGION.question }));
    await h.user.keyboard("2");
    expect(screen.getByRole("checkbox", { name: "Dublin" })).toBeChecked();
    await h.user.click(screen.getByRole("checkbox", { name: "Warsaw" }));
    await h.user.tab();
    expect(screen.getByRole("checkbox", { name: "Oslo" })).toHaveFocus();
    await h.user.keyboard(" ");
    await h.user.click(screen.getByRole("checkbox", { name: "Warsaw" }));
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("Answered");
    expect(resolves).toEqual([expect.objectContaining({ id, answers: { answers: { region: ["Dublin", "Oslo"] } } })]);
    expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { region: ["eu-west-1", "Oslo"] } });
  });
});
