import { useSyncExternalStore } from "react";
import type { PromptMode } from "./primary-action";

/** The layout a dock is asked for; "auto" picks stacked cards on narrow or touch screens. */
export type DockLayoutMode = "auto" | PromptMode;

/** When "auto" switches to stacked cards: narrow screens or a coarse pointer. */
export const STACKED_MEDIA_QUERY = "(max-width: 480px), (pointer: coarse)";

/** Whether a media query matches, following changes; false where matchMedia is missing (server, jsdom). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === "undefined" || typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => (typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** Resolves a layout request to the mode the prompt renders in. */
export function useResolvedLayout(layout: DockLayoutMode): PromptMode {
  const stacked = useMediaQuery(STACKED_MEDIA_QUERY);
  if (layout === "auto") return stacked ? "stacked" : "stepper";
  return layout;
}
