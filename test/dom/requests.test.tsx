import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHECKS, REGION, TARGET, dock, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
afterEach(() => h.stop());

describe("Several pending requests", () => {
  it("reads Request 2 of 3 and moves with Previous request and Next request", async () => {
    h = await startDock();
    await h.ask({ questions: [TARGET] });
    await h.ask({ questions: [REGION] });
    await h.ask({ questions: [CHECKS] });
    renderDock(h);
    expect(within(dock()).getByText("Request 3 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next request" })).toHaveAttribute("aria-disabled", "true");
    await h.user.click(screen.getByRole("button", { name: "Previous request" }));
    expect(within(dock()).getByText("Request 2 of 3")).toBeInTheDocument();
    expect(screen.getByRole("radiogroup", { name: REGION.question })).toBeInTheDocument();
    // Focus stays on the arrow, so it can be pressed again.
    expect(screen.getByRole("button", { name: "Previous request" })).toHaveFocus();
    await h.user.click(screen.getByRole("button", { name: "Previous request" }));
    expect(within(dock()).getByText("Request 1 of 3")).toBeInTheDocument();
    await h.user.click(screen.getByRole("button", { name: "Next request" }));
    expect(within(dock()).getByText("Request 2 of 3")).toBeInTheDocument();
  });

  it("shows no request arrows while only one request waits", async () => {
    h = await startDock();
    await h.ask({ questions: [TARGET] });
    renderDock(h);
    expect(screen.queryByRole("button", { name: "Next request" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Request 1 of 1/)).not.toBeInTheDocument();
  });

  it("keeps choices and typed text per request, even text equal to an option label, and never answers on switching", async () => {
    h = await startDock();
    const first = await h.ask({ questions: [TARGET] });
    const second = await h.ask({ questions: [REGION] });
    renderDock(h);
    await h.user.type(screen.getByRole("textbox", { name: "Other" }), "US");
    await h.user.click(screen.getByRole("button", { name: "Previous request" }));
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(screen.getByRole("button", { name: "Next request" }));

    expect(screen.getByRole("textbox", { name: "Other" })).toHaveValue("US");
    expect(screen.getByRole("radio", { name: "US" })).not.toBeChecked();
    await h.user.click(screen.getByRole("button", { name: "Previous request" }));
    expect(screen.getByRole("radio", { name: "Production" })).toBeChecked();
    expect(h.gatewayRecord(first)?.status).toBe("pending");
    expect(h.gatewayRecord(second)?.status).toBe("pending");
  });

  it("focuses a blocking prompt when it appears, and the composer keeps its draft", async () => {
    h = await startDock();
    renderDock(h);
    const composer = screen.getByRole("textbox", { name: "Message" });
    await h.user.type(composer, "typing away");
    expect(screen.queryByRole("region", { name: "Questions" })).not.toBeInTheDocument();
    await act(() => h.ask({ questions: [TARGET] }));
    expect(screen.getByRole("radio", { name: "Staging (Recommended)" })).toHaveFocus();
    expect(composer).toHaveValue("typing away");
  });

  it("lets a new blocking request take the dock and focus", async () => {
    h = await startDock();
    await h.ask({ questions: [TARGET] });
    renderDock(h);
    const composer = screen.getByRole("textbox", { name: "Message" });
    await h.user.click(composer);
    await h.user.keyboard("still here");
    await act(() => h.ask({ questions: [REGION] }));
    expect(within(dock()).getByText("Request 2 of 2")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "EU" })).toHaveFocus();
    expect(composer).toHaveValue("still here");
  });

  it("waits while the person is typing an answer, then takes priority", async () => {
    h = await startDock({ typingGraceMs: 1500 });
    await h.ask({ questions: [TARGET] });
    renderDock(h);
    await h.user.type(screen.getByRole("textbox", { name: "Other" }), "Cana");
    await act(() => h.ask({ questions: [REGION] }));
    expect(within(dock()).getByText("Request 1 of 2")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Other" })).toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(within(dock()).getByText("Request 2 of 2")).toBeInTheDocument();
  });

  it("shows the next request after one is answered", async () => {
    h = await startDock();
    await h.ask({ questions: [TARGET] });
    await h.ask({ questions: [REGION] });
    renderDock(h);
    await h.user.click(screen.getByRole("radio", { name: "Asia" }));
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("radiogroup", { name: TARGET.question })).toBeInTheDocument();
    expect(screen.queryByText(/Request \d of/)).not.toBeInTheDocument();
  });
});
