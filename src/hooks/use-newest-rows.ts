import { useEffect, useRef, useState, type RefObject } from "react";

/** What `useNewestRows` gives a long list's view. */
export interface NewestRows<L extends HTMLElement = HTMLOListElement> {
  /** How many of the oldest rows are not shown: the list shows `rows.slice(hidden)`. */
  hidden: number;
  /** Shows one more page of earlier rows; when that shows the last of them, focus moves to the list. */
  showEarlier: () => void;
  /** Put on the list (with `tabIndex={-1}`): it takes focus when the "show earlier" button goes. */
  listRef: RefObject<L | null>;
}

/** Pages a long list from its newest end, so thousands of rows never become tens of thousands of elements. */
export function useNewestRows<L extends HTMLElement = HTMLOListElement>(count: number, pageSize: number): NewestRows<L> {
  // A page size that is no count (0, NaN, Infinity) falls back to the kit's lists' default.
  const page = Number.isFinite(pageSize) && pageSize >= 1 ? Math.floor(pageSize) : 100;
  const [pages, setPages] = useState(1);
  const listRef = useRef<L | null>(null);
  // Set when the press shows the last hidden page: the button goes, so focus moves to the list, not to the body.
  const focusList = useRef(false);
  const hidden = Math.max(0, count - pages * page);
  useEffect(() => {
    if (!focusList.current || hidden > 0) return;
    focusList.current = false;
    listRef.current?.focus();
  }, [hidden]);
  const showEarlier = () => {
    focusList.current = hidden <= page;
    setPages((n) => n + 1);
  };
  return { hidden, showEarlier, listRef };
}
