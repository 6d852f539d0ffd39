import { useCallback, useState } from "react";
import { useDockStore } from "./dock-context";
import type { AsyncProblems } from "../store/dock/types";

/** The async-question problems the person has not dismissed: a storage failure, a history that could not be read. */
export function useAsyncProblems(): AsyncProblems & { dismiss(): void } {
  const problems = useDockStore((s) => s.asyncProblems);
  // Dismissing hides what is there now; the store keeps the same object until a problem changes, so a new one shows again.
  const [dismissed, setDismissed] = useState<AsyncProblems | undefined>(undefined);
  const dismiss = useCallback(() => setDismissed(problems), [problems]);
  const shown = problems && problems !== dismissed ? problems : {};
  return { ...shown, dismiss };
}
