import type { PromptMode } from "../hooks/primary-action";
import { useMessages } from "../hooks/use-messages";
import { useStepNavigation } from "../hooks/use-question-step";
import type { QuestionDockMessages } from "../messages";
import type { Submission } from "../store/dock/state";

/** Props of `PromptFooter`. */
export interface PromptFooterProps {
  requestId: string;
  mode: PromptMode;
}

function isApple(): boolean {
  return typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
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

/** Skip, Back and the primary Next/Submit button, with the submit state and its error. */
export function PromptFooter({ requestId, mode }: PromptFooterProps) {
  const s = useStepNavigation(requestId, mode);
  const m = useMessages();
  if (!s) return null;
  const label = s.primary.kind === "next" ? m.footer.next : m.footer.submit;
  const blocked = s.busy || !s.primary.ready;
  const error = errorWords(s.submission, m, mode);
  // In stacked cards an early Submit still acts: it names the open questions and moves focus to the first.
  const acts = !s.busy && (s.primary.ready || mode === "stacked");
  return (
    <>
      {error && (
        <p className="qd-error" role="alert">
          {error}
        </p>
      )}
      <div className="qd-footer">
        <button type="button" className="qd-button qd-button--quiet" aria-disabled={s.busy || undefined} onClick={s.busy ? undefined : s.skip}>
          {m.footer.skip}
        </button>
        <span className="qd-footer__spacer" />
        {s.busy && <span className="qd-footer__status">{busyWords(s.submission, m)}</span>}
        {mode === "stepper" && s.hasStepper && s.step > 0 && (
          <button type="button" className="qd-button" onClick={s.back} aria-disabled={s.busy || undefined}>
            {m.footer.back}
          </button>
        )}
        <button
          type="button"
          className="qd-button qd-button--primary"
          aria-disabled={blocked || undefined}
          aria-keyshortcuts="Control+Enter Meta+Enter"
          onClick={acts ? s.continueStep : undefined}
        >
          {label}
        </button>
        <kbd className="qd-kbd qd-footer__shortcut" aria-hidden="true">
          {isApple() ? "⌘" : "Ctrl"}+Enter
        </kbd>
      </div>
    </>
  );
}
