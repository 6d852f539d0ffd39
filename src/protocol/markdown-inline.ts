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

/** A text node. */
export const text = (value: string): MarkdownInline => ({ type: "text", text: value });

type Wrapper = MarkdownInline & { children: MarkdownInline[] };
const depths = new WeakMap<MarkdownInline, number>();
const depthOf = (n: MarkdownInline) => depths.get(n) ?? 0;

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

/** For each backtick run, where the next run of the same length starts: found in one pass from the end. */
function backtickRuns(src: string): Map<number, { length: number; close: number | undefined }> {
  const starts: number[] = [];
  for (let i = 0; i < src.length; i++) if (src[i] === "`" && src[i - 1] !== "`") starts.push(i);
  const runs = new Map<number, { length: number; close: number | undefined }>();
  const next = new Map<number, number>();
  for (let k = starts.length - 1; k >= 0; k--) {
    const at = starts[k] as number;
    let length = 1;
    while (src[at + length] === "`") length++;
    runs.set(at, { length, close: next.get(length) });
    next.set(length, at);
  }
  return runs;
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

interface Opener {
  node: { type: "text"; text: string };
  at: number;
  char: string;
}

/** Parses one paragraph's inline content, in time linear in its length. */
export function parseMarkdownInline(src: string): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  const openers: Opener[] = [];
  let brackets: number[] = [];
  let pending = "";
  const flush = () => {
    if (pending) out.push(text(pending));
    pending = "";
  };
  // How many openers of each marker wait, so a closer with none to match does not search the stack.
  const waiting = { "*": 0, _: 0 } as Record<string, number>;
  const dropOpenersFrom = (at: number) => {
    for (let top = openers.at(-1); top && top.at >= at; top = openers.at(-1)) {
      openers.pop();
      (waiting[top.char] as number)--;
    }
  };
  // Moves the nodes after `at` into a wrapper, unless that would nest too deep: then every marker so far is text.
  const wrap = (at: number, make: (children: MarkdownInline[]) => Wrapper): boolean => {
    let depth = 0;
    for (let k = at + 1; k < out.length; k++) depth = Math.max(depth, depthOf(out[k] as MarkdownInline));
    if (depth >= MARKDOWN_MAX_INLINE_DEPTH) {
      dropOpenersFrom(0);
      brackets = [];
      return false;
    }
    const node = make(merged(out.splice(at + 1)));
    depths.set(node, depth + 1);
    out.push(node);
    dropOpenersFrom(at);
    while ((brackets.at(-1) ?? -1) >= at) brackets.pop();
    return true;
  };
  const push = (o: Opener) => {
    openers.push(o);
    (waiting[o.char] as number)++;
  };
  const runs = backtickRuns(src);

  for (let i = 0; i < src.length; ) {
    const c = src[i] as string;
    const next = src[i + 1] ?? "";
    if (c === "\\" && ESCAPABLE.test(next)) {
      pending += next;
      i += 2;
    } else if (c === "\n") {
      flush();
      out.push({ type: "break" });
      i++;
    } else if (c === "`") {
      const run = runs.get(i);
      const length = run?.length ?? 1;
      if (run?.close === undefined) {
        pending += src.slice(i, i + length);
        i += length;
        continue;
      }
      flush();
      const code = src.slice(i + length, run.close).replace(/\n/g, " ");
      const padded = code.length > 2 && code[0] === " " && code.at(-1) === " " && code.trim() !== "";
      out.push({ type: "code", text: padded ? code.slice(1, -1) : code });
      i = run.close + length;
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
      flush();
      const node = { type: "text" as const, text: src.slice(i, i + n) };
      while (canClose && node.text && (waiting[c] as number) > 0) {
        let k = openers.length - 1;
        while ((openers[k] as Opener).char !== c) k--;
        const opener = openers[k] as Opener;
        const use = Math.min(2, node.text.length, opener.node.text.length);
        if (!wrap(opener.at, (children) => ({ type: use === 2 ? "strong" : "emphasis", children }))) break;
        opener.node.text = opener.node.text.slice(use);
        node.text = node.text.slice(use);
        if (opener.node.text) push(opener);
      }
      if (node.text) {
        if (canOpen) push({ node, at: out.length, char: c });
        out.push(node);
      }
      i += n;
    } else if (c === "[") {
      flush();
      brackets.push(out.length);
      out.push(text("["));
      i++;
    } else if (c === "]" && brackets.length > 0) {
      const at = brackets.pop() as number;
      const end = next === "(" ? targetEnd(src, i + 2) : -1;
      const href = end < 0 ? undefined : safeHttpUrl(src.slice(i + 2, end));
      flush();
      // No nested links: once one is made, no "[" before it can open another.
      if (href && wrap(at, (children) => ({ type: "link", href, children }))) {
        out.splice(at, 1);
        brackets = [];
        i = end + 1;
      } else {
        pending = "]";
        i++;
      }
    } else if ((c === "h" || c === "H") && brackets.length === 0 && (i === 0 || URL_BOUNDARY.test(src[i - 1] as string))) {
      const url = bareUrlAt(src, i);
      const href = url && safeHttpUrl(url);
      if (url && href) {
        flush();
        out.push({ type: "link", href, children: [text(url)] });
        i += url.length;
      } else {
        pending += url ?? c;
        i += url?.length ?? 1;
      }
    } else {
      pending += c;
      i++;
    }
  }
  flush();
  return merged(out);
}
