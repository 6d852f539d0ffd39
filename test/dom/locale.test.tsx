import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { QuestionDockProviderProps } from "../../src";
import { mergeMessages } from "../../src/messages";
import { deMessages } from "../../src/messages/de";
import { renderPane, startAsyncDock, type StartedAsyncDock } from "./async-harness";
import { TARGET } from "./dock-harness";

const BRANCH = { title: "Which branch should the fix land on?", options: ["main", "release"] };

let rig: StartedAsyncDock | undefined;

/** A dock that takes blocking and async questions, rendered with the given words. */
async function start(words: Pick<QuestionDockProviderProps, "locale" | "messages"> = {}): Promise<StartedAsyncDock> {
  rig = await startAsyncDock();
  renderPane(rig.store, words);
  return rig;
}

afterEach(() => {
  rig?.stop();
  rig = undefined;
});

/** The dock's live region: the one status that is polite and atomic. */
const liveRegion = () => screen.getAllByRole("status").find((el) => el.getAttribute("aria-atomic") === "true")!;

describe.each([
  {
    locale: "en",
    messages: undefined,
    dockName: "Questions",
    submit: "Submit",
    skip: "Skip",
    collapse: "Collapse questions",
    newQuestion: `New question: ${TARGET.question}`,
    skippedSummary: "Question, skipped",
    skippedAnnouncement: `Skipped: ${TARGET.header}`,
    waitingOne: "1 request waiting, 1 unanswered question",
    waitingTwo: "2 requests waiting, 2 unanswered questions",
  },
  {
    locale: "de",
    messages: deMessages,
    dockName: "Fragen",
    submit: "Senden",
    skip: "Überspringen",
    collapse: "Fragen einklappen",
    newQuestion: `Neue Frage: ${TARGET.question}`,
    skippedSummary: "Frage, Übersprungen",
    skippedAnnouncement: `Übersprungen: ${TARGET.header}`,
    waitingOne: "1 Anfrage wartet, 1 unbeantwortete Frage",
    waitingTwo: "2 Anfragen warten, 2 unbeantwortete Fragen",
  },
])("The dock in $locale", (t) => {
  it("names its buttons, announces, and labels the outcome in the locale's words", async () => {
    const { sim, user } = await start({ locale: t.locale, messages: t.messages });
    sim.ask({ questions: [TARGET] });
    const dock = await screen.findByRole("region", { name: t.dockName });
    expect(within(dock).getByRole("button", { name: t.submit })).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent(t.newQuestion);

    await user.click(within(dock).getByRole("button", { name: t.skip }));
    expect(await screen.findByRole("article", { name: t.skippedSummary })).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent(t.skippedAnnouncement);
  });

  it("counts waiting requests and unanswered questions with the locale's plural forms", async () => {
    const { sim, user } = await start({ locale: t.locale, messages: t.messages });
    sim.askAsync({ questions: [BRANCH] });
    const dock = await screen.findByRole("region", { name: t.dockName });
    await user.click(within(dock).getByRole("button", { name: t.collapse }));
    expect(within(dock).getByText(t.waitingOne)).toBeInTheDocument();

    sim.askAsync({ questions: [{ ...BRANCH, title: "Which release train?" }] });
    expect(await within(dock).findByText(t.waitingTwo)).toBeInTheDocument();
  });
});

describe("A locale without messages", () => {
  it("keeps the English words: a locale alone loads no table, and the developer is told which entry to import", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { sim, user } = await start({ locale: "de" });
    expect(warn.mock.calls.flat().join("\n")).toContain('import deMessages from "@openclaw-kit/question-dock/locales/de"');
    warn.mockRestore();
    sim.askAsync({ questions: [BRANCH] });
    const dock = await screen.findByRole("region", { name: "Questions" });
    expect(within(dock).queryByRole("button", { name: "Fragen einklappen" })).not.toBeInTheDocument();
    await user.click(within(dock).getByRole("button", { name: "Collapse questions" }));
    expect(within(dock).getByText("1 request waiting, 1 unanswered question")).toBeInTheDocument();
  });

  it("says nothing when the words come with it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await start({ locale: "fr-CA", messages: deMessages });
    expect(warn.mock.calls.flat().join("\n")).not.toContain("locale");
    warn.mockRestore();
  });
});

describe("A messages override", () => {
  it("replaces only the words it gives, over the table it is merged with", async () => {
    const { sim } = await start({ locale: "de", messages: mergeMessages(deMessages, { footer: { submit: "Antwort abschicken" } }) });
    sim.ask({ questions: [TARGET] });
    const dock = await screen.findByRole("region", { name: "Fragen" });
    expect(within(dock).getByRole("button", { name: "Antwort abschicken" })).toBeInTheDocument();
    expect(within(dock).getByRole("button", { name: "Überspringen" })).toBeInTheDocument();
  });
});

describe("An async answer", () => {
  it("is announced as queued, as its summary says, not as sent", async () => {
    const { sim, user } = await start();
    sim.askAsync({ questions: [BRANCH] });
    await user.click(await screen.findByRole("radio", { name: "release" }));
    // Offline, so the answer stays queued and the summary's words can be compared with the announcement's.
    sim.setOffline(true);
    await act(async () => sim.dropConnections());
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const summary = await screen.findByRole("article", { name: "Question, answered" });
    expect(liveRegion()).toHaveTextContent(`Answer queued: ${BRANCH.title}`);
    await vi.waitFor(() => expect(within(summary).getByRole("status")).toHaveTextContent(/^(Answer queued|Waiting for reconnect)$/));
  });
});
