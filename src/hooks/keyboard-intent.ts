/** What a key press asks the dock to do. */
export type KeyIntent =
  | { type: "pick"; index: number }
  | { type: "focusOther" }
  | { type: "continue" }
  | { type: "collapse" }
  | { type: "request"; delta: 1 | -1 };

/** Which way inline text runs where a key is pressed. */
export type InlineDirection = "ltr" | "rtl";

/** How many options a digit key reaches: 1–9 pick the first nine; arrows and Tab reach the rest. */
export const DIGIT_KEY_COUNT = 9;

/** Marks the request arrows' group, inside which ArrowLeft and ArrowRight move between requests. */
export const REQUEST_NAV_ATTR = "data-qd-request-nav";

/** The nearest `dir` attribute decides: read without a style pass, which a new question's render would otherwise force. */
export function inlineDirectionOf(el: Element | null): InlineDirection {
  return el?.closest("[dir]")?.getAttribute("dir")?.toLowerCase() === "rtl" ? "rtl" : "ltr";
}

/** The parts of a keyboard event the intent map reads; a DOM or React event fits. */
export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey?: boolean;
  /** The physical key; Alt+Shift+Q types "Œ" on a Mac keyboard, so shortcuts read the key's place, not its character. */
  code?: string;
  isComposing?: boolean;
  /** 229 while an input method composes, in browsers that leave `isComposing` unset on keydown. */
  keyCode?: number;
  target: EventTarget | null;
}

/** The question a key acts on: how many options it has and whether it takes free text. */
export interface KeyContext {
  optionCount: number;
  hasOther: boolean;
  /** Inline direction where the key was pressed; ArrowLeft moves forward in "rtl". Defaults to "ltr". */
  direction?: InlineDirection | undefined;
}

const NON_TEXT_INPUTS = new Set(["checkbox", "radio", "button", "submit", "reset", "file", "image", "range", "color"]);
const NATIVE_CONTROLS = "a[href], button, summary, select, [role='button'], [role='link'], input[type='file'], input[type='button'], input[type='submit'], input[type='reset'], input[type='image']";

/** Classifies the element a key press starts from: text fields own digits, native controls own Enter and Space. */
export function keyTargetKind(target: EventTarget | null): "text" | "choice" | "native" | "other" {
  if (!target || typeof (target as Element).closest !== "function") return "other";
  const el = target as Element;
  const tag = el.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return "text";
  if (tag === "INPUT") {
    const type = ((el as HTMLInputElement).type || "text").toLowerCase();
    if (type === "checkbox" || type === "radio") return "choice";
    if (!NON_TEXT_INPUTS.has(type)) return "text";
  }
  // jsdom has no isContentEditable, so the attribute is read directly.
  if ((el as HTMLElement).isContentEditable || el.closest("[contenteditable]:not([contenteditable='false'])")) return "text";
  const role = el.getAttribute("role");
  if (role === "radio" || role === "checkbox" || role === "menuitemradio" || role === "menuitemcheckbox") return "choice";
  if (el.closest(NATIVE_CONTROLS)) return "native";
  return "other";
}

function isComposing(e: KeyInput): boolean {
  return e.isComposing === true || e.keyCode === 229;
}

/** +1 for the arrow that points forward in the reading direction, -1 for the other one, null for any other key. */
export function inlineArrowDelta(key: string, direction: InlineDirection = "ltr"): 1 | -1 | null {
  if (key !== "ArrowLeft" && key !== "ArrowRight") return null;
  return (key === "ArrowRight") === (direction === "ltr") ? 1 : -1;
}

/** Maps a key press to a dock intent, or null to leave the key alone; arrows mirror in right-to-left text. */
export function keyboardIntent(e: KeyInput, ctx: KeyContext): KeyIntent | null {
  if (isComposing(e)) return null;
  const kind = keyTargetKind(e.target);
  if (e.key === "Escape") return e.ctrlKey || e.altKey || e.metaKey || e.shiftKey ? null : { type: "collapse" };
  if (e.key === "Enter") {
    // Links, file pickers and action buttons keep Enter, modifiers included (Ctrl+Enter opens a link in a new tab).
    if (kind === "native") return null;
    const chord = (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
    return chord ? { type: "continue" } : null;
  }
  const delta = inlineArrowDelta(e.key, ctx.direction);
  if (delta !== null) {
    const plain = !e.ctrlKey && !e.altKey && !e.metaKey && !e.shiftKey;
    const inRequestNav = typeof (e.target as Element | null)?.closest === "function" && (e.target as Element).closest(`[${REQUEST_NAV_ATTR}]`);
    return plain && inRequestNav ? { type: "request", delta } : null;
  }
  if (!/^[1-9]$/.test(e.key)) return null;
  if (e.ctrlKey || e.altKey || e.metaKey || kind === "text") return null;
  const n = Number(e.key);
  if (n <= ctx.optionCount) return { type: "pick", index: n - 1 };
  if (n === ctx.optionCount + 1 && ctx.hasOther) return { type: "focusOther" };
  return null;
}

/** The reopen shortcut, as `aria-keyshortcuts`; Alt+Shift is free in major browsers and screen readers. */
export const REOPEN_DOCK_KEYS = "Alt+Shift+Q";

/** True for the reopen shortcut (Alt+Shift+Q, by the key's place, so any layout and a Mac's Option key work). */
export function isReopenDockKey(e: KeyInput): boolean {
  if (isComposing(e) || !e.altKey || !e.shiftKey || e.ctrlKey || e.metaKey) return false;
  return e.code === "KeyQ" || e.key === "Q" || e.key === "q";
}
