/** A grapheme splitter, where the runtime has one; older engines fall back to code points. */
const segmenter: Intl.Segmenter | null =
  typeof Intl !== "undefined" && typeof Intl.Segmenter === "function" ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** Splits text into grapheme clusters (flags, ZWJ families, accents stay whole); `null` splits by code point. */
export function graphemes(text: string, splitter: Intl.Segmenter | null = segmenter): string[] {
  return splitter ? Array.from(splitter.segment(text), (s) => s.segment) : Array.from(text);
}

/** Cuts text to at most `max` user-perceived characters, never splitting a grapheme cluster. */
export function truncateGraphemes(text: string, max: number, splitter: Intl.Segmenter | null = segmenter): string {
  // Cheap exit: no text of at most `max` UTF-16 units can hold more than `max` graphemes.
  if (text.length <= max) return text;
  const parts = graphemes(text, splitter);
  return parts.length <= max ? text : parts.slice(0, max).join("");
}

/** Untrusted text cut to `max` user-perceived characters, with an ellipsis where it was cut. */
export function shortened(text: string, max: number): string {
  const short = truncateGraphemes(text, max);
  return short === text ? text : `${short}…`;
}
