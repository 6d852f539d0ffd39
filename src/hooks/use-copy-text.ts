import { useCallback, useEffect, useRef, useState } from "react";

/** How long "Copied" stays on the button. @default 2000 */
export const COPIED_FOR_MS = 2000;

/** Where a copy stands: nothing yet, done (briefly), or refused by the browser. */
export type CopyState = "idle" | "copied" | "failed";

/** Copies text to the clipboard on demand, and says for a moment whether it worked. */
export function useCopyText(text: string): { state: CopyState; copy(): void } {
  const [state, setState] = useState<CopyState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(() => {
    const settle = (next: CopyState) => {
      setState(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setState("idle"), COPIED_FOR_MS);
    };
    const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard;
    if (!clipboard) return settle("failed");
    clipboard.writeText(text).then(
      () => settle("copied"),
      () => settle("failed"),
    );
  }, [text]);
  return { state, copy };
}
