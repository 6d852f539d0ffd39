// The standalone page of one question (a question link), on the simulated gateway through the real client:
// the same stepper while it waits, how it ended once it does not, and Retry after a failed refresh that keeps
// what was typed.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QuestionPage } from "../../src";
import { deMessages } from "../../src/messages/de";
import { createMemoryStorage } from "../../src/store";
import { createScriptedDock, type ScriptedDock } from "../../src/simulated";
import { createRefusingTransport, type RefusingTransport } from "../../stories/support/refusing-transport";
import { TARGET } from "./dock-harness";

let dock: ScriptedDock<undefined>;
let link: RefusingTransport;
let user: ReturnType<typeof userEvent.setup>;

beforeEach(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  dock = createScriptedDock({ token: "page", sim: { tickIntervalMs: 0 }, store: false, transport: (inner) => (link = createRefusingTransport(inner)).transport });
  await dock.connect();
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
});
afterEach(() => {
  dock.dispose();
  vi.useRealTimers();
});

const page = () => screen.getByRole("region", { name: /^Question/ });
const other = () => within(page()).getByRole("textbox", { name: "Other" });

function open(questionId: string) {
  return render(<QuestionPage client={dock.client} questionId={questionId} draftStorage={createMemoryStorage()} className="host-page" style={{ maxWidth: "40rem" }} />);
}

describe("A question link", () => {
  it("shows the waiting question in the dock's stepper and answers it with question.resolve", async () => {
    const { id } = dock.sim.ask({ questions: [TARGET] });
    open(id);
    expect(within(page()).getByRole("status")).toHaveTextContent("Loading the question…");
    expect(page()).toHaveClass("qd-question-page", "host-page");
    expect(page()).toHaveStyle({ maxWidth: "40rem" });
    expect(page()).toHaveAttribute("data-state", "loading");
    await user.click(await within(page()).findByRole("radio", { name: /Production/ }));
    await user.click(within(page()).getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(dock.gatewayRecord(id)?.status).toBe("answered"));
    expect(dock.gatewayRecord(id)?.answers?.answers).toEqual({ [TARGET.questionId]: ["Production"] });
    expect(await within(page()).findByRole("article", { name: "Question, answered" })).toBeVisible();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(`Question: ${TARGET.header}`);
  });

  it("when the refresh after a reconnect fails, says so with Retry; Retry loads it again with the typed text kept", async () => {
    const { id } = dock.sim.ask({ questions: [TARGET] });
    open(id);
    await user.type(await within(page()).findByRole("textbox", { name: "Other" }), "canary first");

    link.refuseNext("question.get", { code: "UNAVAILABLE", message: "the gateway is still starting" });
    dock.sim.dropConnections();
    const alert = await within(page()).findByRole("alert");
    expect(alert).toHaveTextContent("The question could not be loaded again: question.get failed: UNAVAILABLE: the gateway is still starting. What you typed is kept.");
    expect(other()).toHaveValue("canary first");

    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(within(page()).queryByRole("alert")).toBeNull());
    expect(other()).toHaveValue("canary first");
    await user.click(within(page()).getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(dock.gatewayRecord(id)?.answers?.answers).toEqual({ [TARGET.questionId]: ["canary first"] }));
  });

  it("a question the restarted gateway lost is Unavailable, and the typed text stays there to copy", async () => {
    const { id } = dock.sim.ask({ questions: [TARGET] });
    open(id);
    await user.type(await within(page()).findByRole("textbox", { name: "Other" }), "hotfix/2.4.1");
    dock.sim.restart();
    const gone = await within(page()).findByRole("article", { name: "Question, unavailable" });
    expect(within(gone).getByText("hotfix/2.4.1")).toBeVisible();
    expect(within(gone).getByRole("button", { name: "Copy answer" })).toBeVisible();
    expect(within(page()).queryByRole("textbox", { name: "Other" })).toBeNull();
  });

  it("a question answered by another surface before the link was opened reads Answered elsewhere, with the answer", async () => {
    const { id } = dock.sim.ask({ questions: [TARGET] });
    dock.sim.resolve(id, { [TARGET.questionId]: ["Staging (Recommended)"] }, "control-ui:phone");
    open(id);
    const ended = await within(page()).findByRole("article", { name: "Question, answered elsewhere" });
    expect(within(ended).getByText("Staging (Recommended)")).toBeVisible();
    expect(within(page()).queryByRole("radio")).toBeNull();
  });

  it("an expired question reads Expired", async () => {
    const { id } = dock.sim.ask({ questions: [TARGET], timeoutMs: 30_000 });
    vi.advanceTimersByTime(31_000);
    open(id);
    expect(await within(page()).findByRole("article", { name: "Question, expired" })).toBeVisible();
  });

  it("an id with a space still names the page by its heading", async () => {
    open("two words");
    expect(await within(screen.getByRole("region", { name: "Question" })).findByText("Unavailable")).toBeVisible();
  });

  it("an id the gateway does not know reads Unavailable, with no prompt", async () => {
    open("constructor");
    expect(await within(page()).findByText("Unavailable")).toBeVisible();
    expect(within(page()).queryByRole("radio")).toBeNull();
    expect(within(page()).queryByRole("alert")).toBeNull();
  });

  it("speaks the words it is given: German for the page and its states", async () => {
    render(<QuestionPage client={dock.client} questionId="unknown" locale="de" messages={deMessages} draftStorage={createMemoryStorage()} />);
    const region = screen.getByRole("region", { name: "Frage" });
    expect(within(region).getByRole("status")).toHaveTextContent("Die Frage wird geladen…");
    expect(await within(region).findByText("Nicht verfügbar")).toBeVisible();
  });

  it("takes the dock's keys: a digit picks, Ctrl+Enter submits, even with a newer question of the conversation waiting", async () => {
    const { id } = dock.sim.ask({ questions: [TARGET] });
    open(id);
    const staging = await within(page()).findByRole("radio", { name: /Staging/ });
    vi.advanceTimersByTime(1);
    dock.sim.ask({ questions: [{ ...TARGET, questionId: "other_target", header: "Other", question: "Somewhere else?" }] });
    await user.click(staging);
    await user.keyboard("2");
    expect(within(page()).getByRole("radio", { name: /Production/ })).toBeChecked();
    await user.keyboard("{Control>}{Enter}{/Control}");
    await waitFor(() => expect(dock.gatewayRecord(id)?.answers?.answers).toEqual({ [TARGET.questionId]: ["Production"] }));
    expect(screen.queryByText("Somewhere else?")).toBeNull();
  });
});
