import { createContext, useContext } from "react";
import { useMessages } from "../hooks/use-messages";
import { useOptionGroup, type OptionGroupState } from "../hooks/use-option-group";
import { useOtherField } from "../hooks/use-other-field";
import { safeHttpUrl } from "../protocol/links";
import { classes, type ViewProps } from "./view-props";
import { useDockParts } from "./DockRoot";
import type { PanelProps } from "./DockParts";
import { MarkdownText } from "./MarkdownText";
import { OptionList } from "./OptionList";

const QuestionContext = createContext<OptionGroupState | null>(null);

function useQuestionGroup(): OptionGroupState {
  const group = useContext(QuestionContext);
  if (!group) throw new Error("Question parts (Prompt, Options, Other) must be rendered inside <QuestionDock.Questions>.");
  return group;
}

function Question({ questionId, className, style, children }: PanelProps & { questionId: string }) {
  const { record } = useDockParts();
  const group = useOptionGroup(record.id, questionId);
  if (!group) return null;
  return (
    <QuestionContext.Provider value={group}>
      <div className={classes("qd-question", className)} style={style} {...group.questionProps}>
        {children}
      </div>
    </QuestionContext.Provider>
  );
}

const DEFAULT_QUESTION = (
  <>
    <QuestionText />
    <Options />
    <Other />
  </>
);

/** The stepper's current question, or every question as a card; children are what each shows, in the host's order. */
export function Questions({ className, style, children = DEFAULT_QUESTION }: PanelProps) {
  const { record, mode, step, collapsed } = useDockParts();
  if (collapsed) return null;
  if (mode === "stepper") {
    const question = record.questions[step];
    return question ? <Question key={question.questionId} questionId={question.questionId} className={className} style={style}>{children}</Question> : null;
  }
  return (
    <div className="qd-cards">
      {record.questions.map((q) => (
        <Question key={q.questionId} questionId={q.questionId} className={className} style={style}>
          {children}
        </Question>
      ))}
    </div>
  );
}

/** A question's words: its header on a card, its text, the multi-select hint and its link. */
export function QuestionText({ className, style }: ViewProps) {
  const group = useQuestionGroup();
  const { mode } = useDockParts();
  const m = useMessages();
  const { question } = group;
  return (
    <>
      {/* Stacked cards show each question's short header; the stepper shows it in the dock header. */}
      {mode === "stacked" && question.header && <p className="qd-chip">{question.header}</p>}
      <MarkdownText as="h3" className={classes("qd-question__text", className)} style={style} id={group.textProps.id} text={question.question} />
      {question.multiSelect && question.options.length > 0 && <p className="qd-hint">{m.step.chooseAll}</p>}
      {question.url && <QuestionLink url={question.url} />}
    </>
  );
}

/** A question's reference link; anything but http or https renders nothing. */
export function QuestionLink({ url }: { url: string }) {
  const href = safeHttpUrl(url);
  const m = useMessages();
  if (!href) return null;
  const { host, pathname } = new URL(href);
  return (
    <a className="qd-link" href={href} target="_blank" rel="noopener noreferrer">
      {`${host}${pathname === "/" ? "" : pathname}`}
      <span className="qd-visually-hidden">{m.opensInNewTab}</span>
    </a>
  );
}

/** A question's options. */
export function Options(props: ViewProps) {
  return <OptionList group={useQuestionGroup()} {...props} />;
}

/** A question's free-text answer; text kept from before an option was picked shows as "Not chosen". */
export function Other({ className, style }: ViewProps) {
  const { record } = useDockParts();
  const field = useOtherField(record.id, useQuestionGroup().question.questionId);
  const m = useMessages();
  if (!field) return null;
  const shared = { className: field.notChosen ? "qd-other__input qd-other__input--not-chosen" : "qd-other__input", ...field.inputProps };
  return (
    <div className={classes("qd-other", className)} style={style}>
      <div className="qd-other__head">
        <label className="qd-other__label" {...field.labelProps}>
          {m.other.label}
        </label>
        {field.shortcut !== undefined && (
          <kbd className="qd-kbd" aria-hidden="true">
            {field.shortcut}
          </kbd>
        )}
        {field.notChosen ? (
          <span className="qd-other__hint" id={field.hintId}>
            {m.other.notChosen}
          </span>
        ) : null}
      </div>
      {field.secret ? <input type="password" autoComplete="off" spellCheck={false} {...shared} /> : <textarea rows={2} {...shared} />}
      {field.credential ? (
        <p className="qd-other__warning" id={field.warningId}>
          {m.other.credentialWarning}
        </p>
      ) : null}
      {field.notice ? (
        <p className="qd-other__notice" id={field.noticeId} role="status">
          {field.notice}
        </p>
      ) : null}
    </div>
  );
}
