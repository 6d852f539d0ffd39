import { act, render, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { QuestionDock, QuestionDockProvider, QuestionSummary } from "../../src";
import { MarkdownText } from "../../src/components/MarkdownText";
import { createScriptedDock } from "../../src/simulated";
import { idTable } from "../../src/protocol/id-table";
import { safeHttpUrl, type QuestionRecord } from "../../src/protocol";
import { sendableText } from "../../src/protocol/sendable-text";
import type { Outcome } from "../../src/store";
import { wholeStore } from "../../src/testing";
import { XSS_PAYLOADS } from "../support/xss-payloads";
import { createAsyncDock } from "./async-harness";

// Anything that runs script, loads a document or restyles the page: none may appear, whatever the text.
const ACTIVE_ELEMENTS = "script, iframe, frame, object, embed, img, svg, math, style, link, meta, base, form, video, audio, source";

const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "data", "srcdoc", "poster", "background"]);

/** Fails on any element, handler attribute, style trick or link that text could have turned into. */
function expectOnlyText(container: HTMLElement, text: string): void {
  expect(container.querySelector(ACTIVE_ELEMENTS)).toBeNull();
  for (const el of container.querySelectorAll("*")) {
    for (const attr of el.getAttributeNames()) {
      expect(attr.startsWith("on"), `${el.tagName} ${attr}`).toBe(false);
      // Text may sit in value or aria attributes; only attributes that load or navigate must never carry a script URL.
      if (URL_ATTRIBUTES.has(attr)) expect(el.getAttribute(attr) ?? "", `${el.tagName} ${attr}`).not.toMatch(/^\s*(?:javascript|vbscript|data):/i);
    }
    if (el.hasAttribute("style")) expect(el.getAttribute("style") ?? "").not.toMatch(/expression|javascript:|url\(|binding/i);
  }
  for (const a of container.querySelectorAll("a")) expect(a.getAttribute("href") ?? "").toMatch(/^https?:\/\//);
  // A link shows only for what passes as an http(s) URL, and then it is that very URL.
  for (const a of container.querySelectorAll("a[href]")) expect(a.getAttribute("href")).toBe(safeHttpUrl(text));
}

// What safe markdown may make of text: these elements, with links' three attributes, and nothing else.
const MARKDOWN_ELEMENTS = new Set(["P", "CODE", "PRE", "EM", "STRONG", "UL", "OL", "LI", "A", "BR"]);
const MARKDOWN_ATTRIBUTES = new Set(["href", "rel", "target"]);

/** Fails on any element or attribute inside a markdown container beyond the safe set; returns how many containers there are. */
function expectSafeMarkdown(container: HTMLElement): number {
  const roots = container.querySelectorAll(".qd-markdown");
  for (const root of roots) {
    for (const el of root.querySelectorAll("*")) {
      expect(MARKDOWN_ELEMENTS.has(el.tagName), el.tagName).toBe(true);
      for (const attr of el.getAttributeNames()) expect(MARKDOWN_ATTRIBUTES.has(attr), `${el.tagName} ${attr}`).toBe(true);
      if (el.tagName === "A") expect(safeHttpUrl(el.getAttribute("href"))).toBe(el.getAttribute("href"));
    }
  }
  return roots.length;
}

// Uncaught errors and React's own complaints (both reach console.error or the window's error event).
let problems: string[] = [];
const onError = (e: ErrorEvent) => problems.push(String(e.message));
beforeEach(() => {
  problems = [];
  window.addEventListener("error", onError);
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => problems.push(args.map(String).join(" ").slice(0, 300)));
});
afterEach(() => {
  window.removeEventListener("error", onError);
  vi.restoreAllMocks();
  expect(problems).toEqual([]);
});

// A record straight into the store, past the validators, so the views meet every string at full length.
function recordOf(text: string, i: number): QuestionRecord {
  return {
    id: `xss-${i}`,
    questions: [
      {
        questionId: "q",
        header: text,
        question: text,
        options: [{ label: text, description: text }, { label: `${text} (second)` }],
        isOther: true,
        url: text,
      },
    ],
    sessionKey: "main",
    createdAtMs: 1,
    expiresAtMs: Date.now() + 600_000,
    status: "pending",
  };
}

function renderBlocking(text: string, i: number) {
  const record = recordOf(text, i);
  // Never connected: the record stays pending and nothing is asked about it.
  const { store, dispose } = createScriptedDock({ sim: { tickIntervalMs: 0 }, store: { initialRecords: [record] } });
  store.getState().actions.setOther(record.id, "q", text);
  // A refused record whose id, path and message all carry the text, as a hostile gateway could make them.
  wholeStore(store).setState({ rejected: [{ source: "question.requested", id: text, errors: [{ path: text, message: text }], at: 1 }] });
  const outcomes: Outcome[] = [
    { kind: "answered", record: { ...record, status: "answered" }, answers: { answers: idTable([["q", [text]]]) }, at: 1 },
    { kind: "cancelled", record: { ...record, status: "cancelled", resolvedBy: text }, at: 2 },
    { kind: "unavailable", record, at: 3, unsent: idTable([["q", { selected: [text], other: text }]]) },
    { kind: "answered", record: { ...record, id: `${record.id}-async` }, at: 4, async: { itemId: text, replyText: text } },
  ];
  const view = render(
    <QuestionDockProvider store={store}>
      <QuestionDock layout="stepper" />
      {outcomes.map((o, n) => (
        <QuestionSummary key={n} outcome={o} />
      ))}
    </QuestionDockProvider>,
  );
  return { ...view, dispose };
}

// What the Other field holds: the store cleans what cannot be sent, and a textarea keeps \n for \r\n.
const shown = (text: string) => sendableText(text).text.replace(/\r\n?/g, "\n");
const cases = XSS_PAYLOADS.map((text, i) => [i, text] as const);

describe("Hostile text in every field of a question, its Other text, its summaries and a refused record", () => {
  it.each(cases)("payload %i", (i, text) => {
    const { container, dispose } = renderBlocking(text, i);
    try {
      expectOnlyText(container, text);
      // The question text and the option's description went through the markdown path.
      expect(expectSafeMarkdown(container)).toBeGreaterThanOrEqual(2);
      if (safeHttpUrl(text) === undefined) expect(container.querySelector("a")).toBeNull();
      // The question and its summaries read as the very string (less only what the Other field cleans).
      expect(container.textContent).toContain(text);
      expect((container.querySelector("textarea") as HTMLTextAreaElement | null)?.value).toBe(shown(text));
      // The refused record's details are text too, cut to a readable length.
      const notice = within(container).getByText("A question could not be shown.").closest("[role=status]") as HTMLElement;
      const detail = within(notice).getByRole("listitem", { hidden: true }).textContent ?? "";
      expect(detail.length).toBeLessThanOrEqual(300);
      expect(detail.startsWith(`${text}: `) || detail.startsWith(text.slice(0, 20))).toBe(true);
    } finally {
      dispose();
    }
  });
});

describe("Hostile async questions, delivered through the gateway's chat history and answered", () => {
  const dock = createAsyncDock();
  const { sim, store } = dock;
  // The validators cap titles at 4096 and choices at 256 characters; the long payloads are cut to fit.
  const deliveries = XSS_PAYLOADS.map((text, i) => ({ itemId: `xss-item-${i}`, text, title: text.slice(0, 4096), option: text.slice(0, 250) }));

  beforeAll(async () => {
    await dock.connect();
    await vi.waitFor(() => expect(store.getState().connection.state).toBe("connected"));
    for (const d of deliveries) sim.askAsync({ itemId: d.itemId, text: d.text, questions: [{ title: d.title, options: [d.option, "Plain choice"] }] });
    await vi.waitFor(() => expect(store.getState().records.size).toBe(deliveries.length), { timeout: 10_000 });
  });
  afterAll(() => dock.dispose());

  it.each(deliveries.map((d, i) => [i, d] as const))("payload %i shows as text in the prompt and, once answered, in its summary", async (_i, d) => {
    const rid = `async:${d.itemId}`;
    const { container } = render(
      <QuestionDockProvider store={store}>
        <QuestionDock layout="stepper" />
      </QuestionDockProvider>,
    );
    act(() => store.getState().actions.showRequest(rid));
    const dock = within(container).getByRole("region", { name: "Questions" });
    expect(dock.textContent).toContain(d.title);
    expect(within(dock).getByRole("radio", { name: (_n, el) => el.textContent?.includes(d.option) ?? false })).toBeInTheDocument();
    expectOnlyText(container, d.text);
    expect(expectSafeMarkdown(container)).toBeGreaterThanOrEqual(1);
    act(() => store.getState().actions.select(rid, "q0", d.option));
    await act(() => store.getState().actions.submit(rid));
    await vi.waitFor(() => expect(store.getState().outcomes.has(rid)).toBe(true));
    // Its summary alone: the transcript's list would re-render every earlier payload's summary too.
    const summary = render(
      <QuestionDockProvider store={store}>
        <QuestionSummary outcome={store.getState().outcomes.get(rid)!} />
      </QuestionDockProvider>,
    ).container;
    expect(summary.textContent).toContain(d.title);
    expect(summary.textContent).toContain(d.option);
    expectOnlyText(summary, d.text);
  });
});

describe("Hostile text inside markdown syntax", () => {
  // Each payload as emphasis, as a link's text and its target, in a list and in a code block.
  const wrapped = (text: string) => [`**${text}**`, `[${text}](https://example.com/)`, `[x](${text})`, `- ${text}\n- *${text}*`, `_${text}_ and \`${text}\``];

  it.each(cases)("payload %i", (_i, text) => {
    for (const source of wrapped(text)) {
      const { container, unmount } = render(<MarkdownText text={source} />);
      expectSafeMarkdown(container);
      for (const a of container.querySelectorAll("a")) expect(["https://example.com/", safeHttpUrl(text)]).toContain(a.getAttribute("href"));
      unmount();
    }
    // A fenced block keeps the text to the character.
    const { container, unmount } = render(<MarkdownText text={`\`\`\`\n${text}\n\`\`\``} />);
    expectSafeMarkdown(container);
    expect(container.querySelector("pre")?.textContent).toBe(text.replace(/\r\n?/g, "\n"));
    unmount();
  });
});
