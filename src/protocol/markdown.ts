import { parseMarkdownInline, text, type MarkdownInline } from "./markdown-inline";

export { MARKDOWN_MAX_INLINE_DEPTH, parseMarkdownInline, type MarkdownInline } from "./markdown-inline";

/** A block of safe markdown: a paragraph, a code block, or a list whose items hold blocks. */
export type MarkdownBlock =
  | { type: "paragraph"; children: MarkdownInline[] }
  | { type: "codeBlock"; text: string }
  | { type: "list"; ordered: boolean; items: MarkdownBlock[][] };

/** Longer text is not parsed and shows as one plain paragraph: a cap that keeps hostile input cheap. */
export const MARKDOWN_MAX_LENGTH = 20_000;
/** Lists nest at most this deep; a deeper marker reads as text. */
export const MARKDOWN_MAX_LIST_DEPTH = 4;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})\s*$/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;
// Only a bullet or a list starting at 1 breaks into a paragraph: "in 2024. Then" is a sentence, not a list.
const INTERRUPTING_ITEM = /^ {0,3}(?:[-*+]|1[.)])(?:[ \t]|$)/;
const INDENTED_CODE = /^(?: {4}|\t)/;
const BLANK = /^\s*$/;
const indentOf = (line: string) => line.length - line.trimStart().length;

function list(lines: string[], start: number, depth: number): [MarkdownBlock, number] {
  const ordered = /\d/.test(ITEM.exec(lines[start] as string)?.[2] ?? "");
  const items: MarkdownBlock[][] = [];
  let i = start;
  for (let m = ITEM.exec(lines[i] ?? ""); m && /\d/.test(m[2] as string) === ordered; m = ITEM.exec(lines[i] ?? "")) {
    const markerIndent = (m[1] as string).length;
    const body = [(lines[i] as string).slice(m[0].length)];
    for (i++; i < lines.length; i++) {
      const line = lines[i] as string;
      if (BLANK.test(line)) {
        // A blank line stays in the item only when more of the item, indented under it, follows.
        let j = i;
        while (j < lines.length && BLANK.test(lines[j] as string)) j++;
        if (j === lines.length || indentOf(lines[j] as string) <= markerIndent) break;
        for (; i < j - 1; i++) body.push("");
        body.push("");
      } else if (indentOf(line) > markerIndent) body.push(line.slice(Math.min(indentOf(line), m[0].length)));
      else if (ITEM.test(line) || FENCE.test(line)) break;
      else body.push(line);
    }
    items.push(blocks(body, depth + 1));
    while (i < lines.length && BLANK.test(lines[i] as string)) i++;
  }
  return [{ type: "list", ordered, items }, i];
}

function blocks(lines: string[], depth: number): MarkdownBlock[] {
  const out: MarkdownBlock[] = [];
  const lists = depth < MARKDOWN_MAX_LIST_DEPTH;
  for (let i = 0; i < lines.length; ) {
    const line = lines[i] as string;
    const fence = FENCE.exec(line)?.[1];
    if (BLANK.test(line)) i++;
    else if (fence) {
      const code: string[] = [];
      for (i++; i < lines.length; i++) {
        const close = CLOSING_FENCE.exec(lines[i] as string)?.[1];
        if (close && close[0] === fence[0] && close.length >= fence.length) break;
        code.push(lines[i] as string);
      }
      out.push({ type: "codeBlock", text: code.join("\n") });
      i++;
    } else if (INDENTED_CODE.test(line)) {
      const code: string[] = [];
      for (; i < lines.length && (INDENTED_CODE.test(lines[i] as string) || BLANK.test(lines[i] as string)); i++) code.push((lines[i] as string).replace(INDENTED_CODE, ""));
      while (code.length > 0 && BLANK.test(code[code.length - 1] as string)) code.pop();
      out.push({ type: "codeBlock", text: code.join("\n") });
    } else if (lists && ITEM.test(line)) {
      const [block, next] = list(lines, i, depth);
      out.push(block);
      i = next;
    } else {
      const para = [line];
      for (i++; i < lines.length; i++) {
        const l = lines[i] as string;
        if (BLANK.test(l) || FENCE.test(l) || (lists && INTERRUPTING_ITEM.test(l))) break;
        para.push(l);
      }
      out.push({ type: "paragraph", children: parseMarkdownInline(para.map((l) => l.trim()).join("\n")) });
    }
  }
  return out;
}

/** Parses untrusted text as a small, safe markdown subset; anything else, HTML included, stays text. */
export function parseMarkdown(src: string): MarkdownBlock[] {
  if (src.length > MARKDOWN_MAX_LENGTH) return [{ type: "paragraph", children: [text(src)] }];
  return blocks(src.split(/\r\n?|\n/), 0);
}

function inlinePlain(nodes: MarkdownInline[]): string {
  return nodes.map((n) => (n.type === "break" ? "\n" : "children" in n ? inlinePlain(n.children) : n.text)).join("");
}

/** Parsed markdown's words without markup, one line per block and list item: for accessible names. */
export function markdownPlainText(parsed: MarkdownBlock[]): string {
  return parsed
    .map((b) => (b.type === "paragraph" ? inlinePlain(b.children) : b.type === "codeBlock" ? b.text : b.items.map(markdownPlainText).join("\n")))
    .join("\n");
}

/** The words of untrusted text read as markdown, on one line: for names and compact rows that show no markup. */
export function plainTextOf(src: string): string {
  return markdownPlainText(parseMarkdown(src)).replace(/\s+/g, " ").trim();
}
