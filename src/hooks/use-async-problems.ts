import { useCallback, useMemo, useState } from "react";
import { useStoreState } from "./dock-context";
import type { AsyncProblems } from "../store/dock/state";

/** The async-question problems the person has not dismissed: a storage failure, a history that could not be read. */
export function useAsyncProblems(): AsyncProblems & { dismiss(): void } {
  const storage = useStoreState((s) => s.outbox.storageError);
  const conversation = useStoreState((s) => s.chat.error);
  // One object per change of either, so dismissing hides what is there now and a new problem shows again.
  const problems = useMemo<AsyncProblems | undefined>(
    () => (storage || conversation ? { ...(storage ? { storage } : {}), ...(conversation ? { conversation } : {}) } : undefined),
    [storage, conversation],
  );
  const [dismissed, setDismissed] = useState<AsyncProblems | undefined>(undefined);
  const dismiss = useCallback(() => setDismissed(problems), [problems]);
  const shown = problems && problems !== dismissed ? problems : {};
  return { ...shown, dismiss };
}
