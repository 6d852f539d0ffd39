import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REGION, TARGET, dock, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());

describe("Collapse", () => {
  it("turns the dock into a slim indicator with the header and the count of waiting requests", async () => {
    await h.ask({ questions: [TARGET] });
    await h.ask({ questions: [REGION] });
    renderDock(h);
    await h.user.click(screen.getByRole("button", { name: "Collapse questions" }));
    const region = dock();
    expect(within(region).getByText("2 requests waiting")).toBeInTheDocument();
    // The newer request is the active one (the store's priority rule), so its header shows.
    expect(within(region).getByText(REGION.header)).toBeInTheDocument();
    expect(within(region).queryByRole("radiogroup")).not.toBeInTheDocument();
  });

  it("gives the composer back its focus and its draft", async () => {
    await h.ask({ questions: [TARGET] });
    renderDock(h);
    const composer = screen.getByRole("textbox", { name: "Message" });
    await h.user.type(composer, "draft message");
    // The composer lost focus to nothing else in between: the prompt took it when it appeared.
    await h.user.click(screen.getByRole("button", { name: "Collapse questions" }));
    expect(composer).toHaveFocus();
    expect(composer).toHaveValue("draft message");
  });

  it("restores the prompt with its drafts on Expand, and focuses it", async () => {
    await h.ask({ questions: [TARGET, REGION] });
    renderDock(h, { autoAdvanceMs: 0 });
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(screen.getByRole("button", { name: "Next" }));
    await h.user.type(screen.getByRole("textbox", { name: "Other" }), "Antarctica");
    await h.user.keyboard("{Escape}");
    await h.user.click(screen.getByRole("button", { name: "Expand questions" }));
    expect(screen.getByText("Question 2 of 2")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "EU" })).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Other" })).toHaveValue("Antarctica");
    await h.user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("radio", { name: "Production" })).toBeChecked();
  });

  it("neither answers nor skips", async () => {
    const id = await h.ask({ questions: [TARGET] });
    renderDock(h);
    await h.user.click(screen.getByRole("button", { name: "Collapse questions" }));
    await h.user.click(screen.getByRole("button", { name: "Expand questions" }));
    expect(h.gatewayRecord(id)?.status).toBe("pending");
  });
});

describe("Skip", () => {
  it("is on every step and declines the whole prompt with a cancel", async () => {
    const id = await h.ask({ questions: [TARGET, REGION] });
    renderDock(h, { autoAdvanceMs: 0 });
    expect(screen.getByRole("button", { name: "Skip" })).toBeInTheDocument();
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(screen.getByRole("button", { name: "Next" }));
    await h.user.click(screen.getByRole("radio", { name: "EU" }));
    await h.user.click(screen.getByRole("button", { name: "Next" }));
    await h.user.click(screen.getByRole("button", { name: "Skip" }));
    const summary = await screen.findByRole("article", { name: /skipped/i });
    expect(h.gatewayRecord(id)).toMatchObject({ status: "cancelled" });
    expect(h.gatewayRecord(id)?.answers).toBeUndefined();
    expect(within(summary).getByText(TARGET.question)).toBeInTheDocument();
    expect(within(summary).getByText(REGION.question)).toBeInTheDocument();
  });
});

describe("Expiry", () => {
  it("shows the time left as mm:ss and counts down", async () => {
    await h.ask({ questions: [TARGET], timeoutMs: 90_000 });
    renderDock(h);
    expect(within(dock()).getByText(/^01:(30|29)$/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(within(dock()).getByText(/^00:(59|58)$/)).toBeInTheDocument();
  });

  it("moves the prompt to the summary at expiresAtMs, keeping the wording", async () => {
    const id = await h.ask({ questions: [TARGET, REGION], timeoutMs: 30_000 });
    renderDock(h);
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await act(() => vi.advanceTimersByTimeAsync(30_500));
    expect(screen.queryByRole("region", { name: "Questions" })).not.toBeInTheDocument();
    const summary = screen.getByRole("article", { name: /expired/i });
    expect(within(summary).getAllByText("Expired").length).toBeGreaterThan(0);
    expect(within(summary).getByText(TARGET.question)).toBeInTheDocument();
    expect(within(summary).getByText(REGION.question)).toBeInTheDocument();
    expect(h.gatewayRecord(id)?.status).toBe("expired");
  });

  it("announces the expiry politely", async () => {
    await h.ask({ questions: [TARGET], timeoutMs: 30_000 });
    renderDock(h);
    await act(() => vi.advanceTimersByTimeAsync(30_500));
    expect(screen.getByRole("status")).toHaveTextContent(/expired/i);
  });
});
