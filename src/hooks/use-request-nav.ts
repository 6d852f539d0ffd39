import { useDockActions, useDockStore } from "./dock-context";
import { REQUEST_NAV_ATTR } from "./keyboard-intent";
import { useWords } from "./use-messages";

/** Props for one request arrow. */
export interface RequestArrowProps {
  type: "button";
  "aria-label": string;
  "aria-disabled": true | undefined;
  onClick: (() => void) | undefined;
}

/** What `useRequestNav` gives while more than one request waits. */
export interface RequestNav {
  /** 1-based position of the active request among `count`. */
  index: number;
  count: number;
  /** Spread on the element around both arrows: inside it ArrowLeft and ArrowRight switch requests (the root's keys). */
  groupProps: { role: "group"; "aria-label": string; [attribute: `data-${string}`]: string };
  previousProps: RequestArrowProps;
  nextProps: RequestArrowProps;
}

/** The request arrows as props to spread; undefined while fewer than two requests wait. */
export function useRequestNav(): RequestNav | undefined {
  // Two numbers, so the arrows render again only when one of them changes: the active request's position, 1-based.
  const index = useDockStore((s) => (s.activeId ? s.order.lastIndexOf(s.activeId) + 1 : 0));
  const count = useDockStore((s) => s.order.length);
  const actions = useDockActions();
  const m = useWords().messages.requestNav;
  if (count < 2) return undefined;
  const atFirst = index <= 1;
  const atLast = index >= count;
  return {
    index,
    count,
    groupProps: { role: "group", "aria-label": m.group, [REQUEST_NAV_ATTR]: "" },
    previousProps: { type: "button", "aria-label": m.previous, "aria-disabled": atFirst || undefined, onClick: atFirst ? undefined : actions.previousRequest },
    nextProps: { type: "button", "aria-label": m.next, "aria-disabled": atLast || undefined, onClick: atLast ? undefined : actions.nextRequest },
  };
}
