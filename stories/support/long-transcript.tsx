// A chat long enough to push on the dock: hundreds of messages, some of them 10 kB, one of them a single
// 10 kB word. Deterministic, so stories, DOM tests and browser specs see the same text.
import type { ChatMessage } from "./chat-parts";

/** How many characters the long messages and the unbroken word hold (about 10 kB). */
export const LONG_TEXT_LENGTH = 10_000;

/** A single word of `length` letters with no break opportunity anywhere in it. */
export function unbrokenWord(length = LONG_TEXT_LENGTH, seed = "Supercalifragilistic"): string {
  return seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
}

const SENTENCES = [
  "I checked the deploy logs and the checkout service restarted cleanly.",
  "The migration touched three tables; the rollback script is ready.",
  "Latency on the EU cluster is back under the budget.",
  "Two flaky tests were retried; both pass on a clean runner.",
];

function longParagraph(i: number): string {
  let text = "";
  for (let n = 0; text.length < LONG_TEXT_LENGTH; n++) text += `${SENTENCES[(i + n) % SENTENCES.length]} `;
  return text.slice(0, LONG_TEXT_LENGTH);
}

/** The text of message `i` of the long transcript: every 25th is 10 kB of prose, message 7 one unbroken 10 kB word. */
export function longTranscriptText(i: number): string {
  if (i === 7) return unbrokenWord();
  if (i % 25 === 12) return longParagraph(i);
  return `${i % 2 === 0 ? "Step" : "Update"} ${i + 1}: ${SENTENCES[i % SENTENCES.length]}`;
}

/** `count` alternating user and assistant messages (200 by default), as the story transcript shows them. */
export function longTranscript(count = 200): ChatMessage[] {
  return Array.from({ length: count }, (_, i) => ({ from: i % 2 === 0 ? "user" : "assistant", text: longTranscriptText(i) }));
}
