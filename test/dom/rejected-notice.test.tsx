import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TARGET, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());

// A question record whose options are not a list: the dock must refuse it, and say so.
function sendMalformed(id: string) {
  const now = Date.now();
  return act(async () =>
    h.sim.broadcast("question.requested", { id, questions: [{ ...TARGET, options: "<img src=x onerror=alert(1)>" }], createdAtMs: now, expiresAtMs: now + 60_000, status: "pending", sessionKey: "agent:main:main" }),
  );
}

describe("A record the dock cannot show", () => {
  it("shows a small notice instead of vanishing, with the problems on demand", async () => {
    renderDock(h, {}, <textarea aria-label="Message" autoFocus />);
    const composer = screen.getByRole("textbox", { name: "Message" });
    composer.focus();
    await sendMalformed("bad-1");
    const notice = await screen.findByText("A question could not be shown.");
    const box = notice.closest("[role=status]") as HTMLElement;
    expect(box).not.toBeNull();
    // Never steals focus: the person keeps typing where they were.
    expect(composer).toHaveFocus();
    const details = within(box).getByRole("button", { name: "Details" });
    expect(details).toHaveAttribute("aria-expanded", "false");
    expect(within(box).getByRole("list", { hidden: true })).not.toBeVisible();
    await h.user.click(details);
    expect(details).toHaveAttribute("aria-expanded", "true");
    expect(within(box).getAllByRole("listitem")[0]).toHaveTextContent("bad-1: questions[0].options: must be an array, got a string of 28 characters");
    // Text, not markup.
    expect(box.querySelector("img")).toBeNull();
  });

  it("can be dismissed, and comes back for the next bad record", async () => {
    renderDock(h);
    await sendMalformed("bad-1");
    await h.user.click(await screen.findByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText(/could not be shown/)).not.toBeInTheDocument();
    await sendMalformed("bad-2");
    expect(await screen.findByText("A question could not be shown.")).toBeInTheDocument();
  });

  it("cuts a long id, path and message each on its own, without splitting an emoji", async () => {
    renderDock(h);
    const family = "👨‍👩‍👧‍👦";
    act(() => h.store.setState({ rejected: [{ source: "question.requested", id: family.repeat(100), errors: [{ path: "p".repeat(500), message: `${"m".repeat(159)}${family}tail` }], at: 1 }] }));
    await h.user.click(await screen.findByRole("button", { name: "Details" }));
    const line = screen.getByRole("listitem").textContent ?? "";
    // Each part keeps its head and says it was cut; the message still shows after a long id and path.
    expect(line).toBe(`${family.repeat(40)}…: ${"p".repeat(60)}…: ${"m".repeat(159)}${family}…`);
    expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it("counts several", async () => {
    renderDock(h);
    await sendMalformed("bad-1");
    await sendMalformed("bad-2");
    expect(await screen.findByText("2 questions could not be shown.")).toBeInTheDocument();
  });
});
