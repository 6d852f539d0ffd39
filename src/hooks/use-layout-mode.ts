import { useSyncExternalStore } from "react";

/** How a prompt is laid out: one question at a time, or every question as a card. */
export type PromptMode = "stepper" | "stacked";

/** The layout a dock is asked for; "auto" picks stacked cards on narrow or touch screens. */
export type DockLayoutMode = "auto" | PromptMode;

/** When "auto" switches to stacked cards: narrow screens or a coarse pointer. */
export const STACKED_MEDIA_QUERY = "(max-width: 480px), (pointer: coarse)";

// The query's list, or none where matchMedia is missing (server, jsdom): "auto" then means the stepper.
const stackedMedia = () => (typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(STACKED_MEDIA_QUERY) : undefined);

function subscribe(onChange: () => void): () => void {
  const list = stackedMedia();
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

/** Resolves a layout request to the mode the prompt renders in, following the screen while it is "auto". */
export function useResolvedLayout(layout: DockLayoutMode): PromptMode {
  const stacked = useSyncExternalStore(subscribe, () => stackedMedia()?.matches ?? false, () => false);
  return layout === "auto" ? (stacked ? "stacked" : "stepper") : layout;
}
