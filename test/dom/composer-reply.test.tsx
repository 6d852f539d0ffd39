// A message typed in the composer while an agent run's question waits IS its answer on the gateway (the run's
// creator's message is claimed, resolvedBy "plain-text"). The composer says what it will answer before sending,
// offers no "Send as chat" the gateway would not honour, and the summary is the person's own: Answered.
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Composer } from "../../playground/Composer";
import { createChatFeed, type ChatFeed } from "../../playground/chat-feed";
import { createGatewayClient } from "../../src/gateway";
import { QuestionDockProvider, QuestionDock, QuestionSummaryList } from "../../src";
import { openStore } from "../../src/store";
import { chatRepliesFeature } from "../../src/store/opt-in/chat-replies";
import { storeReaches, type SimAgentTurn } from "../../src/simulated";
import { renderDock, startDock, type DockHarness } from "./dock-harness";

const DEPLOY = { id: "target", header: "Deploy", question: "Where should this deploy?", options: [{ label: "Staging" }, { label: "Production" }] };
const REGIONS = { id: "regions", header: "Regions", question: "Which regions?", options: [{ label: "EU" }, { label: "US" }], multiSelect: true };

let h: DockHarness;
let feed: ChatFeed;
const cleanups: Array<() => void> = [];
afterEach(() => {
  cleanups.splice(0).forEach((stop) => stop());
  feed?.dispose();
  h?.stop();
});

const composer = () => screen.getByRole("textbox", { name: "Message" });

/** A dock whose agent asks `questions` on the message "deploy", started by this page; returns the question's id. */
async function askedByThisPage(questions = [DEPLOY]): Promise<string> {
  const reply = (message: string): SimAgentTurn => (message === "deploy" ? { askUser: { questions }, then: "Going on." } : "Noted.");
  h = await startDock({ reply });
  feed = createChatFeed(h.client, "main", h.store);
  await feed.send("deploy");
  await storeReaches(h.store, (s) => s.order.length === 1);
  return h.store.getState().order.at(0)!;
}

describe("Replying in the composer while an agent run waits", () => {
  it("says what the message will answer, sends it as the reply, and the summary says Answered", async () => {
    const id = await askedByThisPage();
    renderDock(h, {}, <Composer feed={feed} />);
    await h.user.click(composer());
    await h.user.keyboard("production");

    expect(screen.getByText("Your message will answer 'Deploy':")).toBeInTheDocument();
    expect(screen.getByText("Deploy: Production")).toBeInTheDocument();
    expect(composer()).toHaveAccessibleDescription(/Your message will answer 'Deploy':\s*Deploy: Production/);
    await h.user.keyboard("{Enter}");

    await waitFor(() => expect(h.gatewayRecord(id)).toMatchObject({ status: "answered", resolvedBy: "plain-text", answers: { answers: { target: ["Production"] } } }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send as chat" })).not.toBeInTheDocument();
    await waitFor(() => expect(composer()).toHaveValue(""));
    expect(await screen.findByRole("article", { name: "Question, answered" })).toHaveTextContent("Production");
    expect(document.body).not.toHaveTextContent(/elsewhere/i);
  });

  it("names the questions a message leaves unanswered, and shows the gateway's reason when it refuses it", async () => {
    await askedByThisPage([DEPLOY, REGIONS]);
    renderDock(h, {}, <Composer feed={feed} />);
    await h.user.click(composer());
    await h.user.keyboard("2");
    expect(screen.getByText(/Still without an answer: Regions/)).toBeInTheDocument();
    await h.user.keyboard("{Enter}");

    await screen.findByText(/question 'regions' requires an answer/, { selector: ".qd-composer-claim__refusal" });
    expect(composer()).toHaveAccessibleDescription(/question 'regions' requires an answer/);
    expect(composer()).toHaveValue("2");
    // The next edit clears the old reason.
    await h.user.keyboard("{Shift>}{Enter}{/Shift}EU");
    expect(screen.queryByText(/question 'regions' requires an answer/, { selector: ".qd-composer-claim__refusal" })).not.toBeInTheDocument();
  });

  it("warns before a credential-shaped message becomes the answer", async () => {
    await askedByThisPage();
    renderDock(h, {}, <Composer feed={feed} />);
    await h.user.click(composer());
    await h.user.keyboard("sk-proj-4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c");
    expect(screen.getByText(/This looks like a password or key\. Sent, it becomes the answer/)).toHaveRole("status");
  });

  it("keeps the typed text and says why when a connection with other permissions started the run", async () => {
    const id = await askedByThisPage();
    // A page on the same gateway that asked for fewer scopes than the one that started the run.
    const other = createGatewayClient({ url: "sim://other", token: "dock-test-token", transport: h.sim.transport, scopes: ["operator.read", "operator.write", "operator.questions"] });
    const store = openStore({ client: other, sessionKey: "main", typingGraceMs: 0, chatReplies: chatRepliesFeature() });
    const otherFeed = createChatFeed(other, "main", store);
    cleanups.push(() => (otherFeed.dispose(), store.getState().actions.dispose(), other.stop()));
    other.start();
    await storeReaches(store, (s) => s.records.has(id));
    render(
      <QuestionDockProvider store={store}>
        <QuestionDock />
        <QuestionSummaryList />
        <Composer feed={otherFeed} />
      </QuestionDockProvider>,
    );
    await h.user.click(composer());
    await h.user.keyboard("Production{Enter}");

    await screen.findByText(/only from a connection with the same permissions/, { selector: ".qd-composer-claim__refusal" });
    expect(composer()).toHaveAccessibleDescription(/only from a connection with the same permissions/);
    // Said once, by the dock's live region, not by a second alert.
    await waitFor(() => expect(screen.getByRole("status", { name: "" }).textContent ?? "").toMatch(/only from a connection with the same permissions/));
    expect(composer()).toHaveValue("Production");
    expect(h.gatewayRecord(id)?.status).toBe("pending");
    await act(async () => undefined);
  });
});
