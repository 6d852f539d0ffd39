import { useLayoutEffect, useRef, useState } from "react";
import { useMessages } from "../hooks/use-messages";
import { MarkdownText } from "./MarkdownText";

/**
 * An option's description as safe markdown, beside its control rather than in it (a click here never picks), under
 * `id` (the control's aria-describedby). Cut to a few lines; Show more appears only when the text really runs longer,
 * described by the option's label (`labelId`) so the Show more buttons of several options are told apart.
 */
export function OptionDescription({ text, id, labelId }: { text: string; id: string; labelId: string }) {
  const m = useMessages();
  const ref = useRef<HTMLElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  // Measured before paint and on every resize while cut; without layout (jsdom) both heights are 0. While expanded
  // the box is as tall as its text, so the measure from before stays the answer.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || expanded) return;
    // One pixel of slack: rounding can make a text that fits look a fraction taller than its box.
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [expanded, text]);
  return (
    <>
      <MarkdownText ref={ref} id={id} className="qd-option__description" data-clamped={expanded ? undefined : ""} text={text} />
      {(expanded || overflows) && (
        <button type="button" className="qd-option__more" aria-expanded={expanded} aria-controls={id} aria-describedby={labelId} onClick={() => setExpanded(!expanded)}>
          {expanded ? m.description.showLess : m.description.showMore}
        </button>
      )}
    </>
  );
}
