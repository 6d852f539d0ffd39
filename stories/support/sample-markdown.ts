// Questions whose text and descriptions use markdown, as agents write it, for the markdown stories.
import type { Question } from "./sample-questions";

/** Markdown in the question (code, emphasis, a list, a link) and in the descriptions, one with a hostile link. */
export const RELEASE: Question = {
  questionId: "release_check",
  header: "Release",
  question: "Before tagging `v2.4.0`, which check **must** pass?\n\n- `npm test` runs the *unit* suite\n- the [release checklist](https://docs.example.com/release) lists the rest",
  options: [
    { label: "Unit tests", description: "Runs `npm test`; about **2 minutes**" },
    { label: "Full CI", description: "Every job in [the pipeline](https://ci.example.com/pipelines/main), then:\n1. smoke tests\n2. a canary" },
    { label: "None", description: "Tag now; [the docs](javascript:alert(1)) say it is fine" },
  ],
};

/** The text the hostile link in `RELEASE` shows as, since its target is not http(s). */
export const HOSTILE_LINK_TEXT = "[the docs](javascript:alert(1))";

/** An option whose description runs far past three lines. */
export const ROLLOUT: Question = {
  questionId: "rollout",
  header: "Rollout",
  question: "How should the new billing service roll out?",
  options: [
    {
      label: "Gradual (Recommended)",
      description:
        "Start with 1% of tenants and double the share every hour while the error rate stays under 0.1%. " +
        "Each step waits for the `billing-health` check and the invoice reconciliation job to pass. " +
        "If either fails, traffic moves back to the old service within a minute and the on-call engineer is paged. " +
        "A full rollout takes about seven hours; it can be paused at any step from the deploy dashboard.",
    },
    { label: "All at once", description: "Every tenant moves in one deploy." },
  ],
};
