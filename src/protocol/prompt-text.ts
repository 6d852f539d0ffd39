import { isSecretQuestion, type GatewayQuestion, type QuestionRecord } from "./question-record";
import { DEFAULT_SKIP_WORD, displayLabel } from "./reply-choices";
import { sendableText } from "./sendable-text";

/** The words of a prompt's text form; a view layer passes its own to speak another language. */
export interface PromptTextMessages {
  /** First paragraph of a prompt with several questions: how to lay out the reply, with two sample lines. */
  intro: (count: number, numberExample: string, labelExample: string) => string;
  /** The title of one question in a prompt with several. */
  questionTitle: (index: number, count: number) => string;
  /** Under a single-select question. */
  chooseOne: string;
  /** Under a multi-select question. */
  chooseAny: string;
  /** How to answer a one-question prompt that lists options. */
  replyWithChoice: string;
  /** Under a question that also accepts an own answer. */
  ownAnswer: string;
  /** Under a question with no options. */
  ownAnswerOnly: string;
  /** Under a secret question: a text reply cannot answer it. */
  secret: string;
  /** Sample own answer in the intro's example lines. */
  sampleAnswer: string;
  /** The word that skips the prompt; `parseTextReply` must be given the same word. */
  skipWord: string;
  /** The last line: how to skip the whole prompt. */
  skip: (word: string, count: number) => string;
}

/** The English words of the text form. */
export const defaultPromptTextMessages: PromptTextMessages = {
  intro: (count, numberExample, labelExample) =>
    `${count} questions. Answer with one line per question, in order, using an option's number or name; or start each line with the question's number, like "${numberExample}" or "${labelExample}".`,
  questionTitle: (index, count) => `Question ${index} of ${count}`,
  chooseOne: "Choose one.",
  chooseAny: "Choose any, separated by commas.",
  replyWithChoice: "Reply with the option's number or its name.",
  ownAnswer: "You can also write your own answer.",
  ownAnswerOnly: "Write your answer.",
  secret: "This answer is secret: enter it in the app's secure field, never in chat.",
  sampleAnswer: "your answer",
  skipWord: DEFAULT_SKIP_WORD,
  skip: (word, count) => (count > 1 ? `Reply "${word}" to skip all questions.` : `Reply "${word}" to skip.`),
};

function optionLines(q: GatewayQuestion): string[] {
  return q.options.map((o, i) => {
    const description = o.description ? displayLabel(o.description) : "";
    return `${i + 1}. ${displayLabel(o.label)}${description ? ` — ${description}` : ""}`;
  });
}

function guidance(q: GatewayQuestion, single: boolean, m: PromptTextMessages): string {
  if (isSecretQuestion(q)) return m.secret;
  if (q.options.length === 0) return m.ownAnswerOnly;
  const parts = [q.multiSelect ? m.chooseAny : m.chooseOne];
  if (single) parts.push(m.replyWithChoice);
  if (q.isOther) parts.push(m.ownAnswer);
  return parts.join(" ");
}

function questionBlock(q: GatewayQuestion, index: number, count: number, m: PromptTextMessages): string {
  const header = displayLabel(q.header);
  const title = count > 1 ? [m.questionTitle(index + 1, count), header].filter((s) => s !== "").join(" · ") : header;
  const lines = title ? [title] : [];
  lines.push(displayLabel(q.question));
  if (!isSecretQuestion(q)) lines.push(...optionLines(q));
  lines.push(guidance(q, count === 1, m));
  return lines.join("\n");
}

// The intro's samples answer the prompt's own questions, so they read as something the person could send.
function sampleLine(q: GatewayQuestion, index: number, byNumber: boolean, m: PromptTextMessages): string {
  const option = q.options[byNumber ? Math.min(1, q.options.length - 1) : 0];
  if (!option || isSecretQuestion(q)) return `${index + 1}: ${m.sampleAnswer}`;
  return `${index + 1}: ${byNumber ? Math.min(2, q.options.length) : displayLabel(option.label)}`;
}

/**
 * Writes a prompt as plain text for a channel without question controls: each question with numbered options,
 * how to choose, whether an own answer is accepted, and how to skip. The same record always gives the same text.
 */
export function formatPromptAsText(record: QuestionRecord, messages: Partial<PromptTextMessages> = {}): string {
  const m: PromptTextMessages = { ...defaultPromptTextMessages, ...messages };
  const count = record.questions.length;
  const blocks = record.questions.map((q, i) => questionBlock(q, i, count, m));
  if (count > 1) {
    const first = record.questions[0]!;
    const second = record.questions[1]!;
    blocks.unshift(m.intro(count, sampleLine(first, 0, true, m), sampleLine(second, 1, false, m)));
  }
  blocks.push(m.skip(m.skipWord, count));
  // The text goes out as a chat message, which cannot carry NUL or most control characters.
  return sendableText(blocks.join("\n\n")).text;
}
