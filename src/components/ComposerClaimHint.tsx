import { useMessages } from "../hooks/use-messages";
import type { ComposerClaim } from "../hooks/use-composer-answer";
import type { SubmitErrorCode } from "../store/dock/state";

/** Props of `ComposerClaimHint`. */
export interface ComposerClaimHintProps {
  /** What the typed message will answer; nothing shows without it (or a refusal). */
  claim: ComposerClaim | undefined;
  /** Why the last reply was not taken as the answer; shown until the text changes. */
  refusal?: { code: SubmitErrorCode; detail?: string };
  /** Give it to the composer's field as `aria-describedby`, so a screen reader hears what Enter will do. */
  id?: string;
}

/**
 * Says under the composer what its message will do while an agent run's question waits: "Your message will answer
 * 'Deploy': Deploy: Production", which questions it leaves unanswered, a credential warning, and the gateway's
 * reason when a reply was not taken. It never takes focus; the composer keeps it.
 */
export function ComposerClaimHint({ claim, refusal, id }: ComposerClaimHintProps) {
  const m = useMessages();
  const words = m.composerAnswer;
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
