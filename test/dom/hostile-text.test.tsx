import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { QuestionDock, QuestionDockProvider, QuestionSummary } from "../../src/components";
import { createGatewayClient } from "../../src/gateway";
import { createSimulatedGateway } from "../../src/gateway/simulated";
import { idTable, safeHttpUrl, sendableText, type QuestionRecord } from "../../src/protocol";
import { createQuestionDockStore, type Outcome } from "../../src/store";
import { HOSTILE_STRINGS } from "../support/hostile-strings";

// A record straight into the store, past the validators, so the views meet every string at full length.
function recordOf(text: string, i: number): QuestionRecord {
  return {
    id: `hostile-${i}`,
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

function renderAll(text: string, i: number) {
  const sim = createSimulatedGateway({ token: "t", tickIntervalMs: 0 });
  // Never started: the record stays pending and nothing is asked about it.
  const client = createGatewayClient({ url: "sim://x", token: "t", transport: sim.transport });
  const record = recordOf(text, i);
  const store = createQuestionDockStore({ client, sessionKey: "main", initialRecords: [record] });
  store.getState().actions.setOther(record.id, "q", text);
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
  return { ...view, dispose: () => store.getState().actions.dispose() };
}

// What the Other field holds: the store cleans what cannot be sent, and a textarea keeps \n for \r\n.
const shown = (text: string) => sendableText(text).text.replace(/\r\n?/g, "\n");

describe("Hostile text in every field renders as text", () => {
  it.each(HOSTILE_STRINGS.map((text, i) => [i, text] as const))("payload %i", (i, text) => {
    const { container, dispose } = renderAll(text, i);
    try {
      expect(container.querySelector("script, iframe, object, embed, img, svg, math, style, link, meta, base, form")).toBeNull();
      for (const el of container.querySelectorAll("*")) {
        for (const attr of el.getAttributeNames()) expect(attr.startsWith("on"), `${el.tagName} ${attr}`).toBe(false);
        if (el.hasAttribute("style")) expect(el.getAttribute("style") ?? "").not.toMatch(/expression|javascript:|url\(/i);
      }
      for (const a of container.querySelectorAll("a")) expect(a.getAttribute("href")).toBe(safeHttpUrl(text));
      if (safeHttpUrl(text) === undefined) expect(container.querySelector("a")).toBeNull();
      // The question itself reads as the very string (less only what the Other field cleans).
      expect(container.textContent).toContain(text);
      expect((container.querySelector("textarea") as HTMLTextAreaElement | null)?.value).toBe(shown(text));
    } finally {
      dispose();
    }
  });
});
