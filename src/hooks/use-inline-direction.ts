import { useLayoutEffect, useState, type RefObject } from "react";
import { inlineDirectionOf, type InlineDirection } from "./keyboard-intent";

/**
 * The inline direction the host page gives an element, read from its parent's computed `direction` when it
 * mounts (the parent, because a Radix root writes its own `dir`). For widgets such as a Radix radio group that
 * must be told which arrow key moves forward; "ltr" until the first layout.
 */
export function useInlineDirection(ref: RefObject<Element | null>): InlineDirection {
  const [direction, setDirection] = useState<InlineDirection>("ltr");
  // Before paint, so a right-to-left page never shows the options left to right, even for a frame.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) setDirection(inlineDirectionOf(el.parentElement));
  }, [ref]);
  return direction;
}
