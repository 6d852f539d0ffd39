import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeHttpUrl } from "../../../src/protocol";
import { MARKDOWN_MAX_INLINE_DEPTH, MARKDOWN_MAX_LIST_DEPTH, markdownPlainText, parseMarkdown, type MarkdownBlock, type MarkdownInline } from "../../../src/protocol/markdown";

// Text built from markdown's own marks, so that every rule meets every other one.
const unit = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(..."ab ") },
  fc.constantFrom("*", "_", "`", "[", "]", "(", ")", "\n", "\n\n", "- ", "1. ", "  ", "    ", "```", "\\", "https://x.example/", "javascript:alert(1)", "<b>", "](https://y.example)"),
);
const text = fc.string({ unit, maxLength: 200 });

function inlineDepth(nodes: MarkdownInline[]): number {
  return Math.max(0, ...nodes.map((n) => ("children" in n ? 1 + inlineDepth(n.children) : 0)));
}
function* inlinesOf(blocks: MarkdownBlock[]): Generator<MarkdownInline[]> {
  for (const b of blocks) {
    if (b.type === "paragraph") yield b.children;
    if (b.type === "list") for (const item of b.items) yield* inlinesOf(item);
  }
}
function* linksOf(nodes: MarkdownInline[], inLink = false): Generator<{ href: string; nested: boolean }> {
  for (const n of nodes) {
    if (n.type === "link") yield { href: n.href, nested: inLink };
    if ("children" in n) yield* linksOf(n.children, inLink || n.type === "link");
  }
}
function listDepth(blocks: MarkdownBlock[]): number {
  return Math.max(0, ...blocks.map((b) => (b.type === "list" ? 1 + Math.max(...b.items.map(listDepth)) : 0)));
}

describe("parseMarkdown on arbitrary text", () => {
  it("links only what safeHttpUrl passes, never a link in a link, and keeps within its depth caps", () => {
    fc.assert(
      fc.property(text, (src) => {
        const parsed = parseMarkdown(src);
        expect(listDepth(parsed)).toBeLessThanOrEqual(MARKDOWN_MAX_LIST_DEPTH);
        for (const inlines of inlinesOf(parsed)) {
          expect(inlineDepth(inlines)).toBeLessThanOrEqual(MARKDOWN_MAX_INLINE_DEPTH);
          for (const link of linksOf(inlines)) {
            expect(safeHttpUrl(link.href)).toBe(link.href);
            expect(link.nested).toBe(false);
          }
        }
        expect(typeof markdownPlainText(parsed)).toBe("string");
      }),
      { numRuns: 500 },
    );
  });

  it("keeps every letter of text that has no markup characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."abc .,!?") }), (src) => {
        expect(markdownPlainText(parseMarkdown(src)).replace(/\s+/g, " ").trim()).toBe(src.replace(/\s+/g, " ").trim());
      }),
    );
  });
});
