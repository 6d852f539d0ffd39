import { describe, expect, it } from "vitest";
import { MARKDOWN_MAX_INLINE_DEPTH, MARKDOWN_MAX_LENGTH, MARKDOWN_MAX_LIST_DEPTH, markdownPlainText, parseMarkdown, parseMarkdownInline, type MarkdownBlock, type MarkdownInline } from "../../../src/protocol/markdown";

const t = (text: string): MarkdownInline => ({ type: "text", text });
const code = (text: string): MarkdownInline => ({ type: "code", text });
const em = (...children: MarkdownInline[]): MarkdownInline => ({ type: "emphasis", children });
const strong = (...children: MarkdownInline[]): MarkdownInline => ({ type: "strong", children });
const link = (href: string, ...children: MarkdownInline[]): MarkdownInline => ({ type: "link", href, children });
const br: MarkdownInline = { type: "break" };
const p = (...children: MarkdownInline[]): MarkdownBlock => ({ type: "paragraph", children });
const pre = (text: string): MarkdownBlock => ({ type: "codeBlock", text });
const ul = (...items: MarkdownBlock[][]): MarkdownBlock => ({ type: "list", ordered: false, items });
const ol = (...items: MarkdownBlock[][]): MarkdownBlock => ({ type: "list", ordered: true, items });

describe("parseMarkdownInline", () => {
  it.each<[string, MarkdownInline[]]>([
    ["plain words", [t("plain words")]],
    ["run `npm test` now", [t("run "), code("npm test"), t(" now")]],
    ["``a ` b``", [code("a ` b")]],
    ["` padded `", [code("padded")]],
    ["unclosed `tick", [t("unclosed `tick")]],
    ["*one* and _two_", [em(t("one")), t(" and "), em(t("two"))]],
    ["**bold** and __bold__", [strong(t("bold")), t(" and "), strong(t("bold"))]],
    ["***both***", [em(strong(t("both")))]],
    ["**a *b* c**", [strong(t("a "), em(t("b")), t(" c"))]],
    ["snake_case_name stays", [t("snake_case_name stays")]],
    ["2 * 3 * 4", [t("2 * 3 * 4")]],
    ["**unclosed", [t("**unclosed")]],
    ["\\*not em\\*", [t("*not em*")]],
    ["a\nb", [t("a"), br, t("b")]],
    ["see [the docs](https://docs.example.com/a)", [t("see "), link("https://docs.example.com/a", t("the docs"))]],
    ["[**bold** link](http://example.com)", [link("http://example.com/", strong(t("bold")), t(" link"))]],
    ["[wiki](https://en.wikipedia.org/wiki/A_(b))", [link("https://en.wikipedia.org/wiki/A_(b)", t("wiki"))]],
    ["go to https://example.com/x.", [t("go to "), link("https://example.com/x", t("https://example.com/x")), t(".")]],
    ["(https://example.com/a)", [t("("), link("https://example.com/a", t("https://example.com/a")), t(")")]],
    ["HTTPS://EXAMPLE.COM", [link("https://example.com/", t("HTTPS://EXAMPLE.COM"))]],
    ["xhttps://example.com", [t("xhttps://example.com")]],
    ["[a] b", [t("[a] b")]],
    ["[a](b c)", [t("[a](b c)")]],
    ["[[a](https://x.example)](https://y.example)", [t("["), link("https://x.example/", t("a")), t("]("), link("https://y.example/", t("https://y.example")), t(")")]],
    ["`[a](https://x.example)`", [code("[a](https://x.example)")]],
  ])("%j", (src, expected) => expect(parseMarkdownInline(src)).toEqual(expected));

  it.each([
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[x](data:text/html,<script>alert(1)</script>)",
    "[x](vbscript:msgbox(1))",
    "[x](//evil.example/path)",
    "[x](https://user:pass@evil.example/)",
    "[x](/relative)",
    "https://user:pass@evil.example/",
    "<a href=https://example.com>x</a>",
    "<script>alert(1)</script>",
  ])("keeps %j as its very text, with no link to anything but http(s)", (src) => {
    const nodes = parseMarkdownInline(src);
    expect(markdownPlainText([p(...nodes)])).toBe(src);
    const links = JSON.stringify(nodes).match(/"href":"[^"]*"/g) ?? [];
    for (const l of links) expect(l).toMatch(/^"href":"https?:\/\//);
  });

  it("never links an unsafe target, and shows it as typed", () => {
    expect(parseMarkdownInline("[click](javascript:alert(1))")).toEqual([t("[click](javascript:alert(1))")]);
    expect(parseMarkdownInline("https://user:pass@evil.example/")).toEqual([t("https://user:pass@evil.example/")]);
  });
});

describe("parseMarkdown blocks", () => {
  it.each<[string, MarkdownBlock[]]>([
    ["", []],
    ["one\n\ntwo", [p(t("one")), p(t("two"))]],
    ["line one\nline two", [p(t("line one"), br, t("line two"))]],
    ["```\nconst a = 1;\n<b>x</b>\n```", [pre("const a = 1;\n<b>x</b>")]],
    ["~~~sh\nls\n~~~\nafter", [pre("ls"), p(t("after"))]],
    ["```\nnever closed", [pre("never closed")]],
    ["text\n\n    indented\n      more\n\nafter", [p(t("text")), pre("indented\n  more"), p(t("after"))]],
    ["- a\n- *b*", [ul([p(t("a"))], [p(em(t("b")))])]],
    ["* a\n+ b", [ul([p(t("a"))], [p(t("b"))])]],
    ["1. first\n2. second", [ol([p(t("first"))], [p(t("second"))])]],
    ["Pick one:\n- a\n- b", [p(t("Pick one:")), ul([p(t("a"))], [p(t("b"))])]],
    ["- a\n  - nested\n- b", [ul([p(t("a")), ul([p(t("nested"))])], [p(t("b"))])]],
    ["- a\n\n  more of a\n- b", [ul([p(t("a")), p(t("more of a"))], [p(t("b"))])]],
    ["- a\n\n\n\nafter", [ul([p(t("a"))]), p(t("after"))]],
    ["- a\nlazy", [ul([p(t("a"), br, t("lazy"))])]],
    ["in 2024. Then\n2024. again", [p(t("in 2024. Then"), br, t("2024. again"))]],
    ["**bold**\n* item", [p(strong(t("bold"))), ul([p(t("item"))])]],
  ])("%j", (src, expected) => expect(parseMarkdown(src)).toEqual(expected));

  it("reads \\r\\n and \\r as line breaks", () => {
    expect(parseMarkdown("a\r\nb\rc")).toEqual([p(t("a"), br, t("b"), br, t("c"))]);
  });

  it("keeps text over the length cap as one plain paragraph", () => {
    const long = `**${"a".repeat(MARKDOWN_MAX_LENGTH)}**`;
    expect(parseMarkdown(long)).toEqual([p(t(long))]);
  });
});

describe("markdownPlainText", () => {
  it.each([
    ["Run `npm test` **now**", "Run npm test now"],
    ["Pick:\n- *a*\n- [b](https://b.example)", "Pick:\na\nb"],
    ["```\ncode\n```", "code"],
    ["[x](javascript:alert(1))", "[x](javascript:alert(1))"],
  ])("%j → %j", (src, plain) => expect(markdownPlainText(parseMarkdown(src))).toBe(plain));
});

// Shapes only, no clocks: a parser that went quadratic on these would take minutes at this size, not pass.
describe("Hostile input stays linear", () => {
  const depthOf = (nodes: MarkdownInline[]): number => Math.max(0, ...nodes.map((n) => ("children" in n ? 1 + depthOf(n.children) : 0)));
  const listDepth = (blocks: MarkdownBlock[]): number => Math.max(0, ...blocks.map((b) => (b.type === "list" ? 1 + Math.max(...b.items.map(listDepth)) : 0)));

  it("10 kB of * is one text run", () => {
    const stars = "*".repeat(10_000);
    expect(parseMarkdown(stars)).toEqual([p(t(stars))]);
  });

  it("10 kB of '* ' pairs and '*a' runs keep every character and nest no deeper than the cap", () => {
    for (const src of ["*a".repeat(5_000), "*a ".repeat(3_000) + "a* ".repeat(3_000), "_a *b ".repeat(2_000), "**".repeat(5_000) + "x"]) {
      const [block] = parseMarkdown(src);
      expect(block?.type).toBe("paragraph");
      const children = block?.type === "paragraph" ? block.children : [];
      expect(markdownPlainText([p(...children)]).replace(/[*_]/g, "")).toBe(src.replace(/[*_]/g, "").replace(/\s+$/, ""));
      expect(depthOf(children)).toBeLessThanOrEqual(MARKDOWN_MAX_INLINE_DEPTH);
    }
  });

  it("nested emphasis past the cap keeps the deeper markers as text", () => {
    const deep = `${"*a ".repeat(20)}x${" a*".repeat(20)}`;
    const [block] = parseMarkdown(deep);
    const children = block?.type === "paragraph" ? block.children : [];
    expect(depthOf(children)).toBe(MARKDOWN_MAX_INLINE_DEPTH);
    expect(markdownPlainText([p(...children)])).toContain("*");
  });

  it("deeply nested lists stop nesting at the cap", () => {
    const lines = Array.from({ length: 90 }, (_, i) => `${" ".repeat(i * 2)}- item ${i}`).join("\n");
    const parsed = parseMarkdown(lines);
    expect(listDepth(parsed)).toBe(MARKDOWN_MAX_LIST_DEPTH);
    expect(markdownPlainText(parsed)).toContain("item 89");
    const oneLine = "- ".repeat(5_000) + "x";
    expect(listDepth(parseMarkdown(oneLine))).toBe(MARKDOWN_MAX_LIST_DEPTH);
  });

  it("unclosed backticks, brackets and link targets stay text", () => {
    for (const src of [`a ${"`".repeat(10_000)}`, "` ``".repeat(2_500), "[".repeat(10_000), "[a](".repeat(2_500), "](".repeat(5_000), "`a".repeat(5_000)]) {
      const parsed = parseMarkdown(src);
      expect(parsed).toHaveLength(1);
      expect(markdownPlainText(parsed).length).toBeGreaterThan(0);
    }
    expect(parseMarkdown("[a](".repeat(2_500))).toEqual([p(t("[a](".repeat(2_500)))]);
    expect(parseMarkdown(`a ${"`".repeat(10_000)}`)).toEqual([p(t(`a ${"`".repeat(10_000)}`))]);
    // A line of backticks alone opens a code block that never closes: empty, as CommonMark has it.
    expect(parseMarkdown("`".repeat(10_000))).toEqual([pre("")]);
  });

  it("many blank lines inside a list and many bare URLs finish in one pass", () => {
    const blanks = `- a${"\n".repeat(10_000)}  b`;
    expect(parseMarkdown(blanks)).toEqual([ul([p(t("a")), p(t("b"))])]);
    const urls = "https://a.example/ ".repeat(500);
    const [block] = parseMarkdown(urls);
    const links = block?.type === "paragraph" ? block.children.filter((n) => n.type === "link") : [];
    expect(links).toHaveLength(500);
  });
});
