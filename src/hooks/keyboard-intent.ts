/** What a key press asks the dock to do. */
export type KeyIntent =
  | { type: "pick"; index: number }
  | { type: "focusOther" }
  | { type: "continue" }
  | { type: "collapse" };

/** The parts of a keyboard event the intent map reads; a DOM or React event fits. */
export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey?: boolean;
  isComposing?: boolean;
  /** 229 while an input method composes, in browsers that leave `isComposing` unset on keydown. */
  keyCode?: number;
  target: EventTarget | null;
}

/** The question a key acts on: how many options it has and whether it takes free text. */
export interface KeyContext {
  optionCount: number;
  hasOther: boolean;
}

/** How the focused element treats keys: text fields own digits, native controls own Enter and Space. */
export type KeyTargetKind = "text" | "choice" | "native" | "other";

const NON_TEXT_INPUTS = new Set(["checkbox", "radio", "button", "submit", "reset", "file", "image", "range", "color"]);
const NATIVE_CONTROLS = "a[href], button, summary, select, [role='button'], [role='link'], input[type='file'], input[type='button'], input[type='submit'], input[type='reset'], input[type='image']";

/** Classifies the element a key press starts from. */
export function keyTargetKind(target: EventTarget | null): KeyTargetKind {
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

/**
 * Maps a key press to a dock intent, or null to leave the key alone.
 * Digits 1..N pick, N+1 focuses Other; Ctrl/Cmd+Enter continues; Esc collapses.
 */
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
  if (!/^[1-9]$/.test(e.key)) return null;
  if (e.ctrlKey || e.altKey || e.metaKey || kind === "text") return null;
  const n = Number(e.key);
  if (n <= ctx.optionCount) return { type: "pick", index: n - 1 };
  if (n === ctx.optionCount + 1 && ctx.hasOther) return { type: "focusOther" };
  return null;
}
