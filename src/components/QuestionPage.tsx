import { useId } from "react";
import { DockStoreContext, DockThemeContext, useDockStore, wholeStore } from "../hooks/dock-context";
import { DockMessagesContext, useProviderWords } from "../hooks/use-messages";
import { questionPageEnglish } from "../messages";
import { useDockRoot } from "../hooks/use-dock-root";
import { useQuestionPage, type QuestionPageOptions } from "../hooks/use-question-page";
import type { Outcome } from "../store/dock/state";
import type { QuestionDockProviderProps } from "./DockProvider";
import { DockPartsProvider } from "./DockRoot";
import { DefaultPanel } from "./QuestionDock";
import { QuestionSummary } from "./QuestionSummary";
import { classes, type ViewProps } from "./view-props";

/** Props of `QuestionPage`. */
export interface QuestionPageProps extends QuestionPageOptions, ViewProps, Pick<QuestionDockProviderProps, "locale" | "messages" | "theme"> {}

function Prompt({ questionId }: { questionId: string }) {
  // The store holds the whole conversation; keys and focus must act on the question the link names. The page has
  // nothing to collapse into: Esc leaves the page as it is.
  const dock = useDockRoot({ layout: "stepper", collapsible: false, requestId: questionId, activeRequestId: questionId });
  return (
    <div {...dock.rootProps}>
      <DockPartsProvider dock={dock}>
        <DefaultPanel />
      </DockPartsProvider>
    </div>
  );
}

function Body({ questionId, ended }: { questionId: string; ended: Outcome | undefined }) {
  const pending = useDockStore((s) => s.records.has(questionId));
  const outcome = useDockStore((s) => s.outcomes.get(questionId));
  if (outcome) return <QuestionSummary outcome={outcome} />;
  if (pending) return <Prompt questionId={questionId} />;
  return ended ? <QuestionSummary outcome={ended} /> : null;
}

/** A question link's own page: the dock's stepper while pending, else how it ended; give it a started client. */
export function QuestionPage({ locale = "en", messages, theme = "system", className, style, ...options }: QuestionPageProps) {
  const page = useQuestionPage(options);
  const words = useProviderWords(locale, messages);
  const m = { ...questionPageEnglish, ...messages?.questionPage };
  const header = page.record?.questions[0]?.header;
  // Not derived from the question id: an id from a link may hold spaces, which would split aria-labelledby.
  const titleId = useId();
  return (
    <DockMessagesContext.Provider value={words}>
      <DockThemeContext.Provider value={theme}>
        <section className={classes("qd-question-page", className)} style={style} data-theme={theme === "system" ? undefined : theme} data-state={page.phase} aria-labelledby={titleId}>
          <h1 id={titleId} className="qd-question-page__title">
            {header ? m.titleFor({ header }) : m.title}
          </h1>
          {page.phase === "loading" && (
            <p role="status" className="qd-question-page__status">
              {m.loading}
            </p>
          )}
          {page.phase === "error" && (
            <div role="alert" className="qd-question-page__error">
              <p>{m.refreshFailed({ error: page.error ?? "" })}</p>
              <button type="button" className="qd-button" onClick={page.retry} disabled={page.busy}>
                {page.busy ? m.retrying : m.retry}
              </button>
            </div>
          )}
          {page.phase === "gone" && !page.ended && <p className="qd-question-page__status">{words.messages.outcomes.unavailable}</p>}
          {page.store ? (
            <DockStoreContext.Provider value={wholeStore(page.store)}>
              <Body questionId={options.questionId} ended={page.ended} />
            </DockStoreContext.Provider>
          ) : (
            page.ended && <QuestionSummary outcome={page.ended} />
          )}
        </section>
      </DockThemeContext.Provider>
    </DockMessagesContext.Provider>
  );
}
