// The gateway refuses a chat message holding a NUL byte, and drops the other C0 controls and DEL (keeping tab
// and line breaks). Cleaning typed answers the same way at input means an answer never waits on a send that
// must fail, and what the person sees is what the agent gets.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSENDABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Typed text without the characters a chat message cannot carry, and how many were removed. */
export function sendableText(text: string): { text: string; removed: number } {
  let removed = 0;
  const clean = text.replace(UNSENDABLE, () => {
    removed += 1;
    return "";
  });
  return { text: clean, removed };
}
