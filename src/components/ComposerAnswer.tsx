import { useId, useEffect, useRef, type KeyboardEvent } from "react";
import { useViewWords, useWords } from "../hooks/use-messages";
import { composerAnswerEnglish } from "../messages";
import type { ComposerAnswerOffer, ComposerClaim } from "../hooks/use-composer-answer";
import type { SubmitErrorCode } from "../store/dock/state";

/** Props of `ComposerAnswerPrompt`. */
export interface ComposerAnswerPromptProps {
  offer: ComposerAnswerOffer;
  onAnswer: () => void;
  onChat: () => void;
  /** Closes the prompt and leaves the message in the composer (Esc). */
  onCancel: () => void;
}

/** Asks whether a message reading as the waiting question's answer goes as that answer or as chat. */
export function ComposerAnswerPrompt({ offer, onAnswer, onChat, onCancel }: ComposerAnswerPromptProps) {
  const root = useRef<HTMLDivElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const words = useViewWords("composerAnswer", composerAnswerEnglish);
  const titleId = useId();
  const linesId = useId();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const el = root.current;
    // Takes focus on open and gives it back on close, after React's commit so no blur lands mid-commit.
    queueMicrotask(() => primary.current?.focus());
    return () => {
      queueMicrotask(() => {
        const focused = document.activeElement;
        // Focus the person moved elsewhere stays where they put it.
        if (opener?.isConnected && (!focused || focused === document.body || el?.contains(focused))) opener.focus();
      });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };

  const title = offer.skip ? words.skipTitle({ header: offer.header }) : words.answerTitle({ header: offer.header });
  return (
    <div ref={root} className="qd-composer-answer" role="alertdialog" aria-labelledby={titleId} aria-describedby={offer.lines.length ? linesId : undefined} onKeyDown={onKeyDown}>
      <p id={titleId} className="qd-composer-answer__title">
        {title}
      </p>
      {offer.lines.length > 0 && (
        <ul id={linesId} className="qd-composer-answer__lines">
          {offer.lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      {offer.credential && <p className="qd-composer-answer__warning">{words.credentialWarning}</p>}
      <div className="qd-composer-answer__actions">
        <button ref={primary} type="button" className="qd-button qd-button--primary" onClick={onAnswer}>
          {offer.skip ? words.skipQuestion : words.sendAsAnswer}
        </button>
        <button type="button" className="qd-button" onClick={onChat}>
          {words.sendAsChat}
        </button>
      </div>
    </div>
  );
}

/** Props of `ComposerClaimHint`. */
export interface ComposerClaimHintProps {
  /** What the typed message will answer; nothing shows without it (or a refusal). */
  claim: ComposerClaim | undefined;
  /** Why the last reply was not taken as the answer; shown until the text changes. */
  refusal?: { code: SubmitErrorCode; detail?: string };
  /** Give it to the composer's field as `aria-describedby`, so a screen reader hears what Enter will do. */
  id?: string;
}

/** Says under the composer what its message will answer, or why a reply was not taken; never takes focus. */
export function ComposerClaimHint({ claim, refusal, id }: ComposerClaimHintProps) {
  const m = useWords().messages;
  const words = useViewWords("composerAnswer", composerAnswerEnglish);
  if (!claim && !refusal) return null;
  return (
    <div id={id} className="qd-composer-claim">
      {/* Announced once, by the dock's live region with the failed submit; here it sits beside the kept text. */}
      {refusal && <p className="qd-composer-claim__refusal">{m.submitError({ action: "answer", ...refusal })}</p>}
      {claim && (
        <>
          <p className="qd-composer-claim__title">{words.claimTitle({ header: claim.header })}</p>
          <ul className="qd-composer-claim__lines">
            {claim.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
          {claim.missing.length > 0 && <p className="qd-composer-claim__missing">{words.claimMissing({ questions: claim.missing.join(", ") })}</p>}
          {claim.credential && (
            <p className="qd-composer-claim__warning" role="status">
              {words.credentialWarning}
            </p>
          )}
        </>
      )}
    </div>
  );
}
