import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHECKS, TARGET, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());

const WITH_OTHER = { ...TARGET, isOther: true };
const other = () => screen.getByRole("textbox", { name: "Other" });

describe("Typed Other text is kept when an option is picked", () => {
  it("keeps the text, marks it not chosen, and sends the option", async () => {
    const id = await h.ask({ questions: [WITH_OTHER] });
    renderDock(h);
    await h.user.type(other(), "Canary");
    expect(other()).not.toHaveAccessibleDescription();
    await h.user.click(screen.getByRole("radio", { name: "Production" }));

    expect(screen.getByRole("radio", { name: "Production" })).toBeChecked();
    expect(other()).toHaveValue("Canary");
    expect(other()).toHaveAccessibleDescription("Not chosen");
    expect(screen.getByText("Not chosen")).toBeVisible();

    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("Answered");
    expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Production"] } });
  });

  it("keeps the picked option when the keyboard only passes through the field on its way to Submit", async () => {
    const id = await h.ask({ questions: [WITH_OTHER] });
    renderDock(h);
    await h.user.type(other(), "Canary");
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    other().focus();
    expect(screen.getByRole("radio", { name: "Production" })).toBeChecked();
    expect(other()).toHaveAccessibleDescription("Not chosen");
    await h.user.tab();
    await h.user.tab();
    expect(screen.getByRole("button", { name: "Submit" })).toHaveFocus();
    await h.user.keyboard("{Enter}");
    await screen.findByText("Answered");
    expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Production"] } });
  });

  it("makes the kept text the answer again when the field is pressed", async () => {
    const id = await h.ask({ questions: [WITH_OTHER] });
    renderDock(h);
    await h.user.type(other(), "Canary");
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(other());

    expect(screen.getByRole("radio", { name: "Production" })).not.toBeChecked();
    expect(other()).toHaveValue("Canary");
    expect(other()).not.toHaveAccessibleDescription();
    expect(screen.queryByText("Not chosen")).not.toBeInTheDocument();

    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("Answered");
    expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Canary"] } });
  });

  it("makes the kept text the answer again with the Other digit", async () => {
    await h.ask({ questions: [WITH_OTHER] });
    renderDock(h);
    await h.user.type(other(), "Canary");
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    expect(screen.getByRole("radio", { name: "Production" })).toHaveFocus();
    await h.user.keyboard("3");

    expect(other()).toHaveFocus();
    expect(other()).toHaveValue("Canary");
    expect(screen.getByRole("radio", { name: "Production" })).not.toBeChecked();
    expect(other()).not.toHaveAccessibleDescription();
  });

  it("leaves a multi-select's typed text beside the choices, never marked", async () => {
    const id = await h.ask({ questions: [{ ...CHECKS, isOther: true }] });
    renderDock(h);
    await h.user.type(other(), "Fuzzing");
    await h.user.click(screen.getByRole("checkbox", { name: "Lint" }));
    expect(other()).toHaveValue("Fuzzing");
    expect(other()).not.toHaveAccessibleDescription();
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("Answered");
    expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { checks: ["Lint", "Fuzzing"] } });
  });

  it("says so near the field when a typed character cannot be sent", async () => {
    await h.ask({ questions: [WITH_OTHER] });
    renderDock(h);
    await h.user.type(other(), "ab");
    expect(screen.queryByText("Removed a character that can't be sent.")).not.toBeInTheDocument();
    // A pasted control character (here BEL) is one the gateway strips.
    await h.user.click(other());
    await h.user.paste("c\u0007d");
    expect(other()).toHaveValue("abcd");
    expect(other()).toHaveAccessibleDescription("Removed a character that can't be sent.");
    await h.user.type(other(), "e");
    expect(screen.queryByText("Removed a character that can't be sent.")).not.toBeInTheDocument();
  });
});

describe("Typed text that looks like a credential", () => {
  it("is warned about under the field, read with it, and may still be sent", async () => {
    const id = await h.ask({ questions: [WITH_OTHER] });
    renderDock(h);
    await h.user.click(other());
    await h.user.paste("sk-proj-4fJ9kQ2mN8vX7bL1pR5tY3wZ6cH0dA");
    expect(screen.getByText(/looks like a password or key/)).toBeVisible();
    expect(other()).toHaveAccessibleDescription(/Never answer with a credential/);
    // A warning, not a lock: the person decides.
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("Answered");
    expect(h.gatewayRecord(id)?.status).toBe("answered");
  });

  it("says nothing for ordinary text", async () => {
    await h.ask({ questions: [WITH_OTHER] });
    renderDock(h);
    await h.user.type(other(), "Deploy after the smoke tests pass");
    expect(screen.queryByText(/looks like a password or key/)).not.toBeInTheDocument();
  });
});
