import { useLayoutEffect, useState, type RefObject } from "react";

/**
 * Whether an element's content is taller than its box, as a text cut to a few lines is; measured before paint
 * and again on every resize while `watching`. Without layout (jsdom) both heights are 0, so it stays false.
 * `content` names what the element shows, so new text is measured even when the box keeps its size.
 */
export function useOverflows(ref: RefObject<HTMLElement | null>, watching: boolean, content: unknown): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !watching) return;
    // One pixel of slack: rounding can make a text that fits look a fraction taller than its box.
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, watching, content]);
  return overflows;
}
