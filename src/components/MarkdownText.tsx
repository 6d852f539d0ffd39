import { forwardRef, useMemo, type HTMLAttributes, type ReactNode, type Ref } from "react";
import { parseMarkdown, type MarkdownBlock, type MarkdownInline } from "../protocol/markdown";

function inlines(nodes: MarkdownInline[]): ReactNode[] {
  return nodes.map((n, i) => {
    if (n.type === "text") return n.text;
    if (n.type === "code") return <code key={i}>{n.text}</code>;
    if (n.type === "break") return <br key={i} />;
    const children = inlines(n.children);
    // The parser made href with safeHttpUrl: absolute http(s) only.
    if (n.type === "link")
      return (
        <a key={i} href={n.href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    const Tag = n.type === "strong" ? "strong" : "em";
    return <Tag key={i}>{children}</Tag>;
  });
}

/** A lone paragraph, as most texts are: its words sit in the surrounding element, with no <p> of their own. */
function loneParagraph(blocks: MarkdownBlock[]): MarkdownInline[] | undefined {
  const [first] = blocks;
  return blocks.length === 0 ? [] : blocks.length === 1 && first?.type === "paragraph" ? first.children : undefined;
}

function content(blocks: MarkdownBlock[]): ReactNode {
  const lone = loneParagraph(blocks);
  return lone ? inlines(lone) : blocks.map(block);
}

function block(b: MarkdownBlock, key: number): ReactNode {
  if (b.type === "paragraph") return <p key={key}>{inlines(b.children)}</p>;
  if (b.type === "codeBlock")
    return (
      <pre key={key}>
        <code>{b.text}</code>
      </pre>
    );
  const List = b.ordered ? "ol" : "ul";
  return (
    <List key={key}>
      {b.items.map((item, i) => (
        <li key={i}>{content(item)}</li>
      ))}
    </List>
  );
}

/** Props of `MarkdownText`. */
export interface MarkdownTextProps extends HTMLAttributes<HTMLElement> {
  /** Untrusted text from the agent. */
  text: string;
  /** The element for text that is one paragraph; text with more blocks always renders in a div. @default "div" */
  as?: "div" | "h3";
}

/** Untrusted text as safe markdown from React elements only: no HTML from the text, links http(s) only. */
export const MarkdownText = /* @__PURE__ */ forwardRef<HTMLElement, MarkdownTextProps>(function MarkdownText({ text, as = "div", className, ...rest }, ref) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  const Tag = loneParagraph(blocks) ? as : "div";
  return (
    <Tag ref={ref as Ref<HTMLDivElement>} className={className ? `${className} qd-markdown` : "qd-markdown"} {...rest}>
      {content(blocks)}
    </Tag>
  );
});
