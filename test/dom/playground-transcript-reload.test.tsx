// The playground transcript of Codex runs, live and after a reload: an async question's summary stays right after the
// message that asked, a failed run's record stays in its own turn (above a later reply that finished first), and an
// aborted run's partial text shows once, stopped. A reload is a new page on the same simulated gateway.
import { render, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Transcript } from "../../playground/Transcript";
import { createChatFeed, type ChatFeed } from "../../playground/chat-feed";
import { QuestionDockProvider } from "../../src";
import type { GatewayClient } from "../../src/gateway";
import { createScriptedDock, createSimulatedGateway, type SimulatedGateway } from "../../src/simulated";
import { createMemoryStorage, createPaneBus, type DockStore, type PaneBus } from "../../src/store";
import { wholeStore } from "../../src/testing";
import type { StoreApi } from "zustand/vanilla";
import { asyncQuestionsFeature } from "../../src/features/async-questions";

const TOKEN = "transcript-reload";
const BRANCH = { title: "Which branch should the hotfix go to?", options: ["main", "release"] };

interface Page {
  client: GatewayClient;
  bus: PaneBus;
  store: StoreApi<DockStore>;
  feed: ChatFeed;
  unmount(): void;
}
const pages: Page[] = [];

// jsdom lays nothing out and has no scrollIntoView, which the transcript calls to follow the newest row.
const scrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, "scrollIntoView");
beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});
afterAll(() => {
  if (scrollIntoView) Object.defineProperty(Element.prototype, "scrollIntoView", scrollIntoView);
  else delete (Element.prototype as Partial<Element>).scrollIntoView;
});

afterEach(() => {
  for (const page of pages.splice(0)) {
    page.unmount();
    page.feed.dispose();
    page.store.getState().actions.dispose();
    page.bus.close();
    page.client.stop();
  }
});

/** Opens the playground's transcript on `sim`, as a page load does: a new client on the same gateway; waits for the history. */
async function open(sim: SimulatedGateway): Promise<Page> {
  const bus = createPaneBus(`transcript-reload-${Math.random()}`);
  const dock = createScriptedDock({
    gateway: sim,
    token: TOKEN,
    store: () => ({ asyncQuestions: asyncQuestionsFeature({ storage: createMemoryStorage(), bus }) }),
  });
  const { client } = dock;
  const store = wholeStore(dock.store);
  const feed = createChatFeed(client, "main", store);
  await dock.connect();
  await waitFor(() => expect(store.getState().chat.loaded).toBe(true));
  const { unmount } = render(
    <QuestionDockProvider store={store}>
      <Transcript feed={feed} />
    </QuestionDockProvider>,
  );
  const page = { client, bus, store, feed, unmount };
  pages.push(page);
  return page;
}

/** Closes a page, as a reload does before the next one opens. */
function close(page: Page): void {
  pages.splice(pages.indexOf(page), 1);
  page.unmount();
  page.feed.dispose();
  page.store.getState().actions.dispose();
  page.bus.close();
  page.client.stop();
}

/** The transcript's rows as a person reads them, top to bottom. */
const rows = () => {
  const list = within(screen.getByRole("region", { name: "Transcript" })).getAllByRole("list")[0]!;
  // A summary lists its questions: only the transcript's own rows count.
  return within(list)
    .getAllByRole("listitem")
    .filter((li) => li.parentElement === list)
    .map((li) =>
      Array.from(li.children, (part) => part.textContent ?? "")
        .join(" ")
        .replace(/\s+/g, " ")
        .trim(),
    );
};

/** Person asks, the agent asks an async question mid-run; a second message's run replies and retires it; the first run fails. */
async function failedTurn(sim: SimulatedGateway, page: Page): Promise<void> {
  await page.feed.send("Prepare the hotfix");
  const first = sim.activeRuns()[0]!.runId;
  sim.askAsync({ runId: first, text: "One thing first.", questions: [BRANCH] });
  await page.feed.send("Check the build");
  const second = sim.activeRuns().find((r) => r.runId !== first)!.runId;
  sim.completeRun(second, "The build is green.");
  sim.failRun(first, "the model broke");
}

describe("the playground transcript of Codex runs", () => {
  it("keeps the summary after the asking message and the failure in its own turn, live and after a reload", async () => {
    const sim = createSimulatedGateway({ token: TOKEN, tickIntervalMs: 0, reply: false });
    const page = await open(sim);
    await failedTurn(sim, page);

    const expected = (failure: RegExp) => [/^You Prepare the hotfix$/, /^Agent One thing first\.$/, /^No longer pending.*Which branch/, failure, /^You Check the build$/, /^Agent The build is green\.$/];
    await waitFor(() => expect(rows()).toEqual(expected(/^Error .*the model broke$/).map((r) => expect.stringMatching(r))));
    await waitFor(() => expect(sim.history().some((m) => m.role === "custom")).toBe(true));

    close(page);
    await open(sim);
    await waitFor(() => expect(rows()).toEqual(expected(/^Error This turn ended before a reply: the model broke$/).map((r) => expect.stringMatching(r))));
    expect(screen.getByRole("article", { name: /No longer pending/i })).toHaveTextContent(BRANCH.title);
  });

  it("shows an aborted run's partial text once, marked stopped, after a reload too", async () => {
    const sim = createSimulatedGateway({ token: TOKEN, tickIntervalMs: 0, reply: false });
    const page = await open(sim);
    await page.feed.send("Look again");
    const run = sim.activeRuns()[0]!.runId;
    sim.askAsync({ runId: run, text: "While you wait:", questions: [BRANCH] });
    sim.streamRun(run, "Half an answer");
    sim.abortRun(run);
    const expected = [/^You Look again$/, /^Agent While you wait:$/, /^Agent Half an answer \(stopped\)$/].map((r) => expect.stringMatching(r));
    await waitFor(() => expect(rows()).toEqual(expected));
    // Both of the abort's saved rows are in, before the page goes.
    await waitFor(() => expect(sim.history().filter((m) => m.role === "assistant" && m.__openclaw.runId === run)).toHaveLength(2));

    close(page);
    await open(sim);
    await waitFor(() => expect(rows()).toEqual(expected));
  });
});
