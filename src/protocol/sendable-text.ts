// The gateway refuses NUL and drops other C0 controls and DEL; cleaned at input, no answer waits on a doomed send.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSENDABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Typed text without the characters a chat message cannot carry, and how many were removed. */
export function sendableText(text: string): { text: string; removed: number } {
  const clean = text.replace(UNSENDABLE, "");
  // Each removed character is one UTF-16 unit.
  return { text: clean, removed: text.length - clean.length };
}
