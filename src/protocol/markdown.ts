import { safeHttpUrl } from "./links";

/** Inline content of safe markdown: text, code spans, line breaks, emphasis and http(s) links. */
export type MarkdownInline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "break" }
  | { type: "emphasis" | "strong"; children: MarkdownInline[] }
  | { type: "link"; href: string; children: MarkdownInline[] };

/** Emphasis and links nest at most this deep; a deeper pair keeps its markers as text. */
export const MARKDOWN_MAX_INLINE_DEPTH = 6;
// A link target longer than this is no link, so a scan for its ")" stays short.
const MAX_URL_LENGTH = 2048;

const SPACE = /\s/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const ESCAPABLE = /[!-/:-@[-`{-~]/;
const BARE_URL = /https?:\/\/[^\s<>]+/iy;
const URL_BOUNDARY = /[\s*_~(]/;
const TARGET_STOP = /[\s[\]<>]/;

const text = (value: string): MarkdownInline => ({ type: "text", text: value });

type Wrapper = MarkdownInline & { children: MarkdownInline[] };
const depths = new WeakMap<MarkdownInline, number>();

function merged(nodes: MarkdownInline[]): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  for (const n of nodes) {
    const last = out[out.length - 1];
    if (n.type !== "text") out.push(n);
    else if (last?.type === "text") out[out.length - 1] = text(last.text + n.text);
    else if (n.text) out.push(n);
  }
  return out;
}

// The next run of exactly `length` backticks from `from`: the end of a code span, or -1.
function closingRun(src: string, from: number, length: number): number {
  const run = new RegExp(`(?<!\`)\`{${length}}(?!\`)`, "g");
  run.lastIndex = from;
  return run.exec(src)?.index ?? -1;
}

/** The ")" ending a link target at `from`, or -1; stopping at spaces and brackets keeps repeated scans linear. */
function targetEnd(src: string, from: number): number {
  let open = 0;
  for (let j = from; j < src.length && j < from + MAX_URL_LENGTH; j++) {
    const c = src[j] as string;
    if (TARGET_STOP.test(c)) return -1;
    if (c === "(") open++;
    else if (c === ")" && open-- === 0) return j;
  }
  return -1;
}

function bareUrlAt(src: string, at: number): string | undefined {
  BARE_URL.lastIndex = at;
  let url = BARE_URL.exec(src)?.[0];
  if (!url) return undefined;
  let unclosed = url.split(")").length - url.split("(").length;
  for (let last = url.at(-1) as string; /[.,:;!?'"*_~)]/.test(last); last = url.at(-1) as string) {
    if (last === ")" && unclosed-- <= 0) break;
    url = url.slice(0, -1);
  }
  return url;
}

type Opener = { node: { type: "text"; text: string }; at: number };

/** Parses one paragraph's inline content, in time linear in its length but for one vain scan per backtick run length. */
export function parseMarkdownInline(src: string): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  // One stack of openers per marker, so a closer never searches past another marker's.
  const openers: Record<string, Opener[]> = { "*": [], _: [], "[": [] };
  const brackets = openers["["] as Opener[];
  const dropOpenersFrom = (at: number) => {
    for (const stack of Object.values(openers)) while ((stack.at(-1)?.at ?? -1) >= at) stack.pop();
  };
  // Moves the nodes after `at` into a wrapper, unless that would nest too deep: then every marker so far is text.
  const wrap = (at: number, make: (children: MarkdownInline[]) => Wrapper): boolean => {
    let depth = 0;
    for (let k = at + 1; k < out.length; k++) depth = Math.max(depth, depths.get(out[k] as MarkdownInline) ?? 0);
    if (depth >= MARKDOWN_MAX_INLINE_DEPTH) {
      dropOpenersFrom(0);
      return false;
    }
    const node = make(merged(out.splice(at + 1)));
    depths.set(node, depth + 1);
    out.push(node);
    dropOpenersFrom(at);
    return true;
  };
  // A run length once found unclosed stays unclosed further on: no length is searched for in vain twice.
  const unclosed = new Set<number>();

  for (let i = 0; i < src.length; ) {
    const c = src[i] as string;
    const next = src[i + 1] ?? "";
    if (c === "\n") {
      out.push({ type: "break" });
      i++;
    } else if (c === "`") {
      let length = 1;
      while (src[i + length] === "`") length++;
      const close = unclosed.has(length) ? -1 : closingRun(src, i + length, length);
      if (close < 0) {
        unclosed.add(length);
        out.push(text(src.slice(i, i + length)));
        i += length;
      } else {
        const code = src.slice(i + length, close).replace(/\n/g, " ");
        const padded = code.length > 2 && code[0] === " " && code.at(-1) === " " && code.trim() !== "";
        out.push({ type: "code", text: padded ? code.slice(1, -1) : code });
        i = close + length;
      }
    } else if (c === "*" || c === "_") {
      let n = 1;
      while (src[i + n] === c) n++;
      const before = src[i - 1] ?? " ";
      const after = src[i + n] ?? " ";
      const left = !SPACE.test(after) && (!PUNCTUATION.test(after) || SPACE.test(before) || PUNCTUATION.test(before));
      const right = !SPACE.test(before) && (!PUNCTUATION.test(before) || SPACE.test(after) || PUNCTUATION.test(after));
      // "_" inside a word (snake_case) neither opens nor closes.
      const canOpen = c === "*" ? left : left && (!right || PUNCTUATION.test(before));
      const canClose = c === "*" ? right : right && (!left || PUNCTUATION.test(after));
      const node = { type: "text" as const, text: src.slice(i, i + n) };
      const stack = openers[c] as Opener[];
      while (canClose && node.text && stack.length > 0) {
        const opener = stack.at(-1) as Opener;
        const use = Math.min(2, node.text.length, opener.node.text.length);
        if (!wrap(opener.at, (children) => ({ type: use === 2 ? "strong" : "emphasis", children }))) break;
        opener.node.text = opener.node.text.slice(use);
        node.text = node.text.slice(use);
        if (opener.node.text) stack.push(opener);
      }
      if (canOpen && node.text) stack.push({ node, at: out.length });
      out.push(node);
      i += n;
    } else if (c === "[") {
      const node = { type: "text" as const, text: "[" };
      brackets.push({ node, at: out.length });
      out.push(node);
      i++;
    } else if (c === "]" && brackets.length > 0) {
      const at = (brackets.pop() as Opener).at;
      const end = next === "(" ? targetEnd(src, i + 2) : -1;
      const href = end < 0 ? undefined : safeHttpUrl(src.slice(i + 2, end));
      // No nested links: once one is made, no "[" before it can open another.
      if (href && wrap(at, (children) => ({ type: "link", href, children }))) {
        out.splice(at, 1);
        brackets.length = 0;
        i = end + 1;
      } else {
        out.push(text("]"));
        i++;
      }
    } else if ((c === "h" || c === "H") && brackets.length === 0 && (i === 0 || URL_BOUNDARY.test(src[i - 1] as string))) {
      const url = bareUrlAt(src, i) ?? c;
      const href = safeHttpUrl(url);
      out.push(href ? { type: "link", href, children: [text(url)] } : text(url));
      i += url.length;
    } else {
      const escaped = c === "\\" && ESCAPABLE.test(next);
      out.push(text(escaped ? next : c));
      i += escaped ? 2 : 1;
    }
  }
  return merged(out);
}

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
      const start = i + 1;
      for (i = start; i < lines.length; i++) {
        const close = CLOSING_FENCE.exec(lines[i] as string)?.[1];
        if (close && close[0] === fence[0] && close.length >= fence.length) break;
      }
      out.push({ type: "codeBlock", text: lines.slice(start, i).join("\n") });
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
