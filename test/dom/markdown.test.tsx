import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHECKS, REGION, TARGET, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => {
  h.stop();
  vi.restoreAllMocks();
});

const LONG = "Deploys every service of the stack, one region after another, and waits for each health check. ".repeat(6);

/** jsdom lays nothing out; this gives a clamped description three lines of box and a line per 80 characters of text. */
function overflowDescriptions() {
  vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute("data-clamped") ? 20 * Math.ceil((this.textContent ?? "").length / 80) : 0;
  });
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute("data-clamped") ? 60 : 0;
  });
}

describe("Markdown in question text", () => {
  it("renders code, emphasis and lists, and names the group with the plain words", async () => {
    const question = "Run `npm test` **before** merging?\n\n- *fast* suite\n- [full suite](https://ci.example.com/full)";
    await h.ask({ questions: [{ ...TARGET, question }] });
    renderDock(h);
    const group = screen.getByRole("radiogroup", { name: "Run npm test before merging? fast suite full suite" });
    expect(group).toBeInTheDocument();
    expect(screen.getByText("npm test").tagName).toBe("CODE");
    expect(screen.getByText("before").tagName).toBe("STRONG");
    expect(screen.getByText("fast").tagName).toBe("EM");
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    const link = screen.getByRole("link", { name: "full suite" });
    expect(link).toHaveAttribute("href", "https://ci.example.com/full");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("keeps a one-paragraph question a heading", async () => {
    await h.ask({ questions: [{ ...TARGET, question: "Ship `v2` now?" }] });
    renderDock(h);
    expect(screen.getByRole("heading", { level: 3, name: "Ship v2 now?" })).toBeInTheDocument();
    expect(screen.getByRole("radiogroup", { name: "Ship v2 now?" })).toBeInTheDocument();
  });

  it("shows a link to anything but http(s) as the text typed, and raw HTML as text", async () => {
    const question = "[click me](javascript:alert(1)) or <b>bold</b> <img src=x onerror=alert(1)>";
    await h.ask({ questions: [{ ...TARGET, question }] });
    const { container } = renderDock(h);
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    expect(screen.getByRole("radiogroup", { name: question })).toBeInTheDocument();
    expect(container.querySelector("img, b")).toBeNull();
  });

  it("never reads an option label or a header as markdown", async () => {
    const options = [{ label: "`npm` **ci**" }, { label: "_plain_" }];
    await h.ask({ questions: [{ ...TARGET, header: "**Tests**", question: "Which?", options }] });
    renderDock(h, { layout: "stacked" });
    expect(screen.getByRole("radio", { name: "`npm` **ci**" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "_plain_" })).toBeInTheDocument();
    expect(screen.getByText("**Tests**")).toBeInTheDocument();
    expect(document.querySelector(".qd-option__label code, .qd-option__label strong, .qd-option__label em")).toBeNull();
  });
});

describe("Question text where no markup fits", () => {
  it("names the step segment and the review's Edit button with the plain words, and shows them so in review and when collapsed", async () => {
    const id = await h.ask({ questions: [{ ...TARGET, header: "", question: "Deploy **where**?" }, { ...REGION, question: "Region `eu`?" }] });
    renderDock(h);
    expect(screen.getByRole("button", { name: "Question 1: Deploy where?" })).toBeInTheDocument();
    act(() => {
      h.store.getState().actions.select(id, TARGET.questionId, "Production");
      h.store.getState().actions.select(id, REGION.questionId, "EU");
      h.store.getState().actions.goToStep(id, 2);
    });
    expect(screen.getByRole("button", { name: "Edit: Deploy where?" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit: Region eu?" })).toBeInTheDocument();
    expect(screen.getByText("Region eu?")).toBeInTheDocument();
    act(() => h.store.getState().actions.collapse());
    expect(screen.getByText("Deploy where?")).toBeInTheDocument();
  });

  it("announces a new question by its plain words", async () => {
    renderDock(h);
    await h.ask({ questions: [{ ...TARGET, question: "Deploy **where**? See `ci`" }] });
    await vi.waitFor(() => expect(document.body.textContent).toContain("New question: Deploy where? See ci"));
    expect(document.body.textContent).not.toContain("New question: Deploy **where**");
  });
});

describe("Markdown in option descriptions", () => {
  const options = [
    { label: "Canary", description: "Runs `deploy --canary`; see [the runbook](https://runbook.example.com/canary)" },
    { label: "Full", description: "Everything at once" },
  ];

  it("describes the option with the plain words, never names it with them", async () => {
    await h.ask({ questions: [{ ...TARGET, options }] });
    renderDock(h);
    const canary = screen.getByRole("radio", { name: "Canary" });
    expect(canary).toHaveAccessibleDescription("Runs deploy --canary; see the runbook");
    expect(screen.getByText("deploy --canary").tagName).toBe("CODE");
    expect(screen.getByRole("link", { name: "the runbook" })).toHaveAttribute("href", "https://runbook.example.com/canary");
  });

  it("picks nothing on a click on the description; the label row picks", async () => {
    await h.ask({ questions: [{ ...TARGET, options }] });
    renderDock(h);
    await h.user.click(screen.getByText("Everything at once"));
    expect(screen.getByRole("radio", { name: "Full" })).not.toBeChecked();
    await h.user.click(screen.getByText("Full"));
    expect(screen.getByRole("radio", { name: "Full" })).toBeChecked();
  });

  it("toggles no checkbox on a click on its description", async () => {
    const checks = { ...CHECKS, options: [{ label: "Lint", description: "Style and **types**" }, ...CHECKS.options.slice(1)] };
    await h.ask({ questions: [checks] });
    renderDock(h);
    await h.user.click(screen.getByText("types"));
    expect(screen.getByRole("checkbox", { name: "Lint" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Lint" })).toHaveAccessibleDescription("Style and types");
    await h.user.click(screen.getByText("Lint"));
    expect(screen.getByRole("checkbox", { name: "Lint" })).toBeChecked();
  });
});

describe("Long descriptions", () => {
  it("offers no Show more where nothing is laid out, so nothing overflows", async () => {
    await h.ask({ questions: [{ ...TARGET, options: [{ label: "All", description: LONG }, { label: "One" }] }] });
    renderDock(h);
    expect(screen.getByText(LONG.trim())).toHaveAttribute("data-clamped");
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
  });

  it("cuts a description that runs long, and Show more and Show less toggle it without picking the option", async () => {
    overflowDescriptions();
    await h.ask({ questions: [{ ...TARGET, options: [{ label: "All", description: LONG }, { label: "One", description: "Short" }] }] });
    renderDock(h);
    const description = screen.getByText(LONG.trim());
    const more = screen.getByRole("button", { name: "Show more" });
    expect(more).toHaveAttribute("aria-expanded", "false");
    expect(more).toHaveAccessibleDescription("All");
    await h.user.click(more);
    const less = screen.getByRole("button", { name: "Show less" });
    expect(less).toHaveAttribute("aria-expanded", "true");
    expect(less).toHaveFocus();
    expect(description).not.toHaveAttribute("data-clamped");
    expect(screen.getByRole("radio", { name: "All" })).not.toBeChecked();
    await h.user.click(less);
    expect(screen.getByRole("button", { name: "Show more" })).toHaveAttribute("aria-expanded", "false");
    expect(description).toHaveAttribute("data-clamped");
    // The radio's name stays its label; its description the whole text.
    expect(screen.getByRole("radio", { name: "All" })).toHaveAccessibleDescription(LONG.trim());
  });

  it("lets the digit keys pick while Show more has focus", async () => {
    overflowDescriptions();
    await h.ask({ questions: [{ ...TARGET, options: [{ label: "All", description: LONG }, { label: "One" }] }] });
    renderDock(h);
    act(() => screen.getByRole("button", { name: "Show more" }).focus());
    await h.user.keyboard("2");
    expect(screen.getByRole("radio", { name: "One" })).toBeChecked();
    // Enter stays the button's own: it opens the text and submits nothing.
    act(() => screen.getByRole("button", { name: "Show more" }).focus());
    await h.user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
    expect(h.gatewayRecord(h.store.getState().records.keys().next().value ?? "")?.status).toBe("pending");
  });

  it("offers Show more only under the description that runs long", async () => {
    overflowDescriptions();
    await h.ask({ questions: [{ ...TARGET, options: [{ label: "All", description: LONG }, { label: "One", description: "Short" }] }] });
    renderDock(h);
    expect(screen.getAllByRole("button", { name: "Show more" })).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Show more" })).toHaveAccessibleDescription("All");
  });
});
