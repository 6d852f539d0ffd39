import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DockLayout, QuestionDock, QuestionDockProvider, QuestionSummaryList } from "../../src";
import type { QuestionRecord } from "../../src/protocol";
import { createGatewayClient } from "../../src/gateway";
import { DOCK_TOKEN, renderDock, startDock, type DockHarness } from "./dock-harness";
import { openStore } from "../../src/testing";

let h: DockHarness | undefined;
afterEach(() => h?.stop());

const question = (questionId: string) => ({
  questionId,
  header: "Deploy",
  question: "Where should this deploy?",
  options: [{ label: "Staging" }, { label: "Production" }],
  isOther: true,
});

describe("Hostile record ids", () => {
  it("answers a question whose questionId is constructor, with the page intact", async () => {
    h = await startDock();
    const id = await h.ask({ questions: [question("constructor")] });
    renderDock(h);
    await h.user.type(screen.getByRole("textbox", { name: "Other" }), "Canary");
    await h.user.click(screen.getByRole("radio", { name: "Production" }));
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByRole("article", { name: "Question, answered" });
    expect(h.gatewayRecord(id)?.answers?.answers["constructor"]).toEqual(["Production"]);
  });

  it.each(["__proto__", "toString", "hasOwnProperty", "constructor"])("shows and answers a request whose id is %s", async (requestId) => {
    h = await startDock();
    await h.ask({ id: requestId, questions: [question("target")] });
    renderDock(h);
    expect(screen.getByRole("region", { name: "Questions" })).toBeInTheDocument();
    await h.user.click(screen.getByRole("radio", { name: "Staging" }));
    await h.user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByRole("article", { name: "Question, answered" });
    expect(h.gatewayRecord(requestId)).toMatchObject({ status: "answered" });
  });
});

describe("A prompt that cannot render", () => {
  // A record that slipped past validation (here handed in directly) and breaks the views.
  const broken = {
    id: "broken",
    questions: [{ questionId: "target", header: "Deploy", question: "Raw <b>question</b> text", options: "not a list" }],
    sessionKey: "main",
    createdAtMs: 1,
    expiresAtMs: Date.now() + 60_000,
    status: "pending",
  } as unknown as QuestionRecord;

  it("shows a plain message with the raw question text, keeps the host app, and still offers Skip", async () => {
    h = await startDock();
    // A client not yet connected, so the record stays until the person acts (a connected one would ask about it).
    const client = createGatewayClient({ url: "sim://gateway", transport: h.sim.transport, token: DOCK_TOKEN });
    const store = openStore({ client, sessionKey: "main" }, [broken]);
    const onRenderError = vi.fn();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      render(
        <main>
          <h1>Host app</h1>
          <QuestionDockProvider store={store}>
            <DockLayout transcript={<QuestionSummaryList />} dock={<QuestionDock layout="stepper" onRenderError={onRenderError} />} composer={<textarea aria-label="Message" />} />
          </QuestionDockProvider>
        </main>,
      );
      // Text, not markup: the raw question shows its angle brackets.
      const raw = await screen.findByText("Raw <b>question</b> text");
      const alert = screen.getByRole("alert");
      expect(alert).toContainElement(raw);
      expect(alert).toHaveTextContent("This question could not be shown.");
      expect(screen.getByRole("heading", { name: "Host app" })).toBeInTheDocument();
      expect(screen.getByRole("textbox", { name: "Message" })).toBeInTheDocument();
      expect(onRenderError).toHaveBeenCalled();
      await h.user.click(within(alert).getByRole("button", { name: "Skip" }));
      client.start();
      // The gateway never knew this record, so it ends as unavailable, and the dock is empty again.
      await vi.waitFor(() => expect(store.getState().outcomes.get("broken")?.kind).toBe("unavailable"));
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    } finally {
      quiet.mockRestore();
      store.getState().actions.dispose();
      client.stop();
    }
  });
});
