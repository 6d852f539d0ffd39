import type { PromptMode } from "../hooks/primary-action";
import { useQuestionStep } from "../hooks/use-question-step";
import type { Submission } from "../store/types";

/** Props of `PromptFooter`. */
export interface PromptFooterProps {
  requestId: string;
  mode: PromptMode;
}

function isApple(): boolean {
  return typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

function busyWords(submission: Submission): string {
  const skip = "kind" in submission && submission.kind === "skip";
  if (submission.status === "uncertain") return skip ? "Checking whether the skip arrived…" : "Checking whether your answer arrived…";
  return skip ? "Skipping…" : "Sending…";
}

/** Skip, Back and the primary Next/Submit button, with the submit state and its error. */
export function PromptFooter({ requestId, mode }: PromptFooterProps) {
  const s = useQuestionStep(requestId, mode);
  if (!s) return null;
  const label = s.primary.kind === "next" ? "Next" : "Submit";
  const blocked = s.busy || !s.primary.ready;
  const error = s.submission.status === "error" ? s.submission.message : undefined;
  return (
    <>
      {error && (
        <p className="qd-error" role="alert">
          {error}
        </p>
      )}
      <div className="qd-footer">
        <button type="button" className="qd-button qd-button--quiet" aria-disabled={s.busy || undefined} onClick={s.busy ? undefined : s.skip}>
          Skip
        </button>
        <span className="qd-footer__spacer" />
        {s.busy && <span className="qd-footer__status">{busyWords(s.submission)}</span>}
        {mode === "stepper" && s.hasStepper && s.step > 0 && (
          <button type="button" className="qd-button" onClick={s.back} aria-disabled={s.busy || undefined}>
            Back
          </button>
        )}
        <button
          type="button"
          className="qd-button qd-button--primary"
          aria-disabled={blocked || undefined}
          aria-keyshortcuts="Control+Enter Meta+Enter"
          onClick={blocked ? undefined : s.continueStep}
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
