import { sendableText } from "./sendable-text";

/** One question's answer as it appears in a reply. */
export interface AnswerBlock {
  title: string;
  answer: string;
}

/** A reply read back for the summary: split per question, or whole when splitting would be a guess. */
export type ParsedAnswerText = { kind: "split"; blocks: AnswerBlock[] } | { kind: "whole"; text: string };

// The gateway refuses a chat message holding NUL, so the agent's titles and labels get the typed-answer rule too.
const clean = (text: string) => sendableText(text).text;

const heading = (title: string) => `> ${clean(title).replace(/\s*\n\s*/g, " ").trim()}`;

/** Formats async answers as a chat reply: `> {title}`, a blank line, the values joined by ", ", per question. */
export function formatAnswerText(items: ReadonlyArray<{ title: string; values: readonly string[] }>): string {
  return items.map((item) => `${heading(item.title)}\n\n${item.values.map(clean).join(", ")}`).join("\n\n");
}

/** Reads a reply back per title; unless every heading stands once, in order, on its own line, it is returned whole. */
export function parseAnswerText(text: string, titles: readonly string[]): ParsedAnswerText {
  const whole: ParsedAnswerText = { kind: "whole", text };
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const at: number[] = [];
  for (const h of titles.map(heading)) {
    const hits = lines.flatMap((line, i) => (line === h ? [i] : []));
    if (hits.length !== 1) return whole;
    at.push(hits[0]!);
  }
  if (at[0] !== 0 || at.some((line, i) => i > 0 && line <= at[i - 1]!)) return whole;
  // A quoted line that is not one of our headings could itself be a heading someone typed: too ambiguous.
  const ours = new Set(at);
  if (lines.some((line, i) => line.startsWith("> ") && !ours.has(i))) return whole;
  const blocks = at.map((start, i) => ({ title: titles[i]!, answer: lines.slice(start + 1, at[i + 1] ?? lines.length).join("\n").trim() }));
  return blocks.some((b) => b.answer === "") ? whole : { kind: "split", blocks };
}
