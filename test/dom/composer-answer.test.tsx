// A message typed in the chat composer while the agent waits on a question: offered as the answer first, so it does
// not reach the conversation as a stray chat message; declined, it goes as chat and the question keeps waiting.
import { render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { QuestionDockProvider } from "../../src";
import { deMessages } from "../../src/messages/de";
import { Composer } from "../../playground/Composer";
import { createChatFeed, type ChatFeed } from "../../playground/chat-feed";
import { REGION, TARGET, dock, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
let feed: ChatFeed;
beforeEach(async () => {
  h = await startDock();
  feed = createChatFeed(h.client, "main", h.store);
});
afterEach(() => {
  feed.dispose();
  h.stop();
});

// The gateway takes typed answers unless told otherwise; these accept only their options.
const CLOSED_TARGET = { ...TARGET, isOther: false };
const CLOSED_REGION = { ...REGION, isOther: false };

const userMessages = () => h.sim.history().filter((m) => m.role === "user");
const composer = () => screen.getByRole("textbox", { name: "Message" });
const confirmation = (header = "Deploy") => screen.getByRole("alertdialog", { name: `Send as the answer to '${header}'?` });

/** Renders the dock with the playground's composer and types `text` into it. */
async function typeInComposer(text: string) {
  renderDock(h, {}, <Composer feed={feed} />);
  await h.user.click(composer());
  await h.user.keyboard(text);
}

describe("Answering a waiting question from the composer", () => {
  it("offers a reply that reads as the answer, and sends it as the answer, not as chat", async () => {
    const id = await h.ask({ questions: [TARGET] });
    await typeInComposer("2{Enter}");

    const prompt = confirmation();
    expect(prompt).toHaveAccessibleDescription("Deploy: Production");
    expect(screen.getByRole("button", { name: "Send as answer" })).toHaveFocus();
    await h.user.click(screen.getByRole("button", { name: "Send as answer" }));

    await waitFor(() => expect(h.gatewayRecord(id)).toMatchObject({ status: "answered", answers: { answers: { target: ["Production"] } } }));
    expect(userMessages()).toEqual([]);
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(composer()).toHaveValue("");
    expect(composer()).toHaveFocus();
  });

  it("sends the message as chat when asked to, and the question keeps waiting", async () => {
    const id = await h.ask({ questions: [TARGET] });
    await typeInComposer("Production{Enter}");
    expect(confirmation()).toBeInTheDocument();
    await h.user.click(screen.getByRole("button", { name: "Send as chat" }));

    await waitFor(() => expect(userMessages().map((m) => m.content)).toEqual(["Production"]));
    expect(h.gatewayRecord(id)?.status).toBe("pending");
    expect(h.store.getState().records.get(id)).toBeDefined();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await waitFor(() => expect(composer()).toHaveValue(""));
    expect(composer()).toHaveFocus();
  });

  it("sends a message that is no answer as chat without asking", async () => {
    const id = await h.ask({ questions: [CLOSED_TARGET] });
    await typeInComposer("hello there{Enter}");

    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await waitFor(() => expect(userMessages().map((m) => m.content)).toEqual(["hello there"]));
    expect(h.gatewayRecord(id)?.status).toBe("pending");
  });

  it("sends chat without asking when no question waits", async () => {
    await typeInComposer("2{Enter}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await waitFor(() => expect(userMessages().map((m) => m.content)).toEqual(["2"]));
  });

  it("works from the keyboard alone: Esc goes back with the text kept, Enter answers", async () => {
    const id = await h.ask({ questions: [TARGET] });
    await typeInComposer("2{Enter}");
    expect(confirmation()).toBeInTheDocument();

    await h.user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(composer()).toHaveFocus();
    expect(composer()).toHaveValue("2");
    expect(h.gatewayRecord(id)?.status).toBe("pending");

    await h.user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Send as answer" })).toHaveFocus();
    await h.user.keyboard("{Enter}");
    await waitFor(() => expect(h.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Production"] } }));
    expect(userMessages()).toEqual([]);
    expect(composer()).toHaveFocus();
  });

  it("reaches the chat button with Tab and sends chat with Space", async () => {
    const id = await h.ask({ questions: [TARGET] });
    await typeInComposer("1{Enter}");
    await h.user.tab();
    expect(screen.getByRole("button", { name: "Send as chat" })).toHaveFocus();
    await h.user.keyboard(" ");
    await waitFor(() => expect(userMessages().map((m) => m.content)).toEqual(["1"]));
    expect(h.gatewayRecord(id)?.status).toBe("pending");
  });

  it("offers a skip word as a skip of the question", async () => {
    const id = await h.ask({ questions: [TARGET] });
    await typeInComposer("skip{Enter}");
    const prompt = screen.getByRole("alertdialog", { name: "Skip 'Deploy' with this message?" });
    await h.user.click(within(prompt).getByRole("button", { name: "Skip question" }));
    await waitFor(() => expect(h.gatewayRecord(id)?.status).toBe("cancelled"));
    expect(userMessages()).toEqual([]);
  });

  it("offers the active request only, named by its first question", async () => {
    const first = await h.ask({ questions: [TARGET] });
    const second = await h.ask({ questions: [CLOSED_REGION] });
    // The newer request is active: "Production" answers only the other one, so it is plain chat.
    await typeInComposer("Production{Enter}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await waitFor(() => expect(userMessages().map((m) => m.content)).toEqual(["Production"]));

    await h.user.click(within(dock()).getByRole("button", { name: "Previous request" }));
    await h.user.click(composer());
    await h.user.keyboard("2{Enter}");
    await h.user.click(within(confirmation("Deploy")).getByRole("button", { name: "Send as answer" }));
    await waitFor(() => expect(h.gatewayRecord(first)?.answers).toEqual({ answers: { target: ["Production"] } }));
    expect(h.gatewayRecord(second)?.status).toBe("pending");
    expect(userMessages()).toHaveLength(1);
  });

  it("closes the confirmation, text kept, when the question is answered elsewhere meanwhile", async () => {
    const id = await h.ask({ questions: [TARGET] });
    await typeInComposer("2{Enter}");
    expect(confirmation()).toBeInTheDocument();
    h.sim.resolve(id, { target: ["Staging (Recommended)"] });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(composer()).toHaveValue("2");
    await waitFor(() => expect(composer()).toHaveFocus());

    // A later question does not reopen it by itself.
    await h.ask({ questions: [TARGET] });
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("asks in the dock's words", async () => {
    await h.ask({ questions: [TARGET] });
    render(
      <QuestionDockProvider store={h.store} locale="de" messages={deMessages}>
        <Composer feed={feed} />
      </QuestionDockProvider>,
    );
    await h.user.click(composer());
    await h.user.keyboard("2{Enter}");
    const prompt = screen.getByRole("alertdialog", { name: "Als Antwort auf „Deploy“ senden?" });
    expect(within(prompt).getByRole("button", { name: "Als Antwort senden" })).toHaveFocus();
    expect(within(prompt).getByRole("button", { name: "Als Chatnachricht senden" })).toBeInTheDocument();
  });

  it("never offers a reply as the answer to a secret question", async () => {
    const secret = { questionId: "api_key", header: "Key", question: "Paste the deploy key", options: [], isOther: true, isSecret: true, secretStore: { name: "DEPLOY_KEY", kind: "secret" } };
    const id = await h.ask({ questions: [secret] });
    await typeInComposer("not-a-real-key{Enter}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await waitFor(() => expect(userMessages()).toHaveLength(1));
    expect(h.gatewayRecord(id)?.status).toBe("pending");
  });
});
