import type { QuestionDockMessages } from "../messages";
import type { Submission } from "../store/dock/state";
import type { PromptMode } from "./use-layout-mode";
import { useMessages } from "./use-messages";
import { useStepNavigation } from "./use-question-step";

/** Props for one of the footer's buttons, its words included as `children`. */
export interface FooterButtonProps {
  type: "button";
  children: string;
  /** Set while the button cannot act; it stays focusable, so the keyboard does not lose its place. */
  "aria-disabled": true | undefined;
  onClick: (() => void) | undefined;
  "aria-keyshortcuts"?: string;
}

/** What `useFooterButtons` gives: Submit or Next, Back, Skip, and the words of the submit state. */
export interface FooterButtons {
  /** Next on a stepper's earlier steps, else Submit; Ctrl/Cmd+Enter runs it through the dock root. */
  primaryProps: FooterButtonProps;
  /** Undefined where there is no step to go back to. */
  backProps: FooterButtonProps | undefined;
  skipProps: FooterButtonProps;
  busy: boolean;
  /** "Sending…" or the like while a submit or skip is under way. */
  status: string | undefined;
  /** Why the last submit or skip failed. */
  error: string | undefined;
}

function busyWords(submission: Submission, m: QuestionDockMessages): string {
  const skip = "kind" in submission && submission.kind === "skip";
  if (submission.status === "uncertain") return m.footer.checking({ action: skip ? "skip" : "answer" });
  return skip ? m.footer.skipping : m.footer.sending;
}

// Stacked cards name the open questions above the footer (`MissingAnswers`), so the footer does not say it again.
function errorWords(submission: Submission, m: QuestionDockMessages, mode: PromptMode): string | undefined {
  if (submission.status !== "error") return undefined;
  if (mode === "stacked" && submission.code === "unanswered") return undefined;
  return m.submitError({ action: submission.kind, code: submission.code, ...(submission.detail === undefined ? {} : { detail: submission.detail }) });
}

/** The footer's buttons of one request as props to spread; undefined once the request has left. */
export function useFooterButtons(requestId: string, mode: PromptMode = "stepper"): FooterButtons | undefined {
  const s = useStepNavigation(requestId, mode);
  const m = useMessages();
  if (!s) return undefined;
  const disabled = s.busy || undefined;
  // In stacked cards an early Submit still acts: it names the open questions and moves focus to the first.
  const acts = !s.busy && (s.primary.ready || mode === "stacked");
  return {
    primaryProps: {
      type: "button",
      children: s.primary.kind === "next" ? m.footer.next : m.footer.submit,
      "aria-disabled": s.busy || !s.primary.ready || undefined,
      "aria-keyshortcuts": "Control+Enter Meta+Enter",
      onClick: acts ? s.continueStep : undefined,
    },
    backProps: mode === "stepper" && s.hasStepper && s.step > 0 ? { type: "button", children: m.footer.back, "aria-disabled": disabled, onClick: s.back } : undefined,
    skipProps: { type: "button", children: m.footer.skip, "aria-disabled": disabled, onClick: s.busy ? undefined : s.skip },
    busy: s.busy,
    status: s.busy ? busyWords(s.submission, m) : undefined,
    error: errorWords(s.submission, m, mode),
  };
}
