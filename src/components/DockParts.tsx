import { useEffect, useId, type ReactNode } from "react";
import { useDockStore } from "../hooks/dock-context";
import { useCollapsedBar } from "../hooks/use-collapsed-bar";
import { QUESTION_ATTR } from "../hooks/use-dock-keyboard";
import { useWords } from "../hooks/use-messages";
import { focusFirstControl } from "../hooks/use-prompt-focus";
import { useFooterButtons, useQuestionStep, useStepNavigation } from "../hooks/use-question-step";
import { useRequestNav } from "../hooks/use-request-nav";
import { pluralText } from "../messages";
import { plainTextOf } from "../protocol/markdown";
import type { Submission } from "../store/dock/state";
import { answerText } from "./answer-line";
import { useDockParts } from "./DockRoot";
import { ExpiryClock } from "./ExpiryClock";
import { classes, type ViewProps } from "./view-props";

/** The expanded dock's top row: the stepper's question header, request arrows, time left and Collapse. */
export function DockHeader({ className, style }: ViewProps) {
  const { record, mode, step, collapsed, collapse } = useDockParts();
  const m = useWords().messages;
  const connection = useDockStore((s) => s.connection.state);
  const nav = useRequestNav();
  if (collapsed) return null;
  const header = record.questions[step]?.header ?? m.review;
  return (
    <div className={classes("qd-header", className)} style={style}>
      <div className="qd-header__lead">
        {mode === "stepper" && header && <span className="qd-chip">{header}</span>}
        {connection !== "connected" && <span className="qd-connection">{m.connection[connection]}</span>}
        {nav && (
          <div className="qd-request-nav" {...nav.groupProps}>
            <button className="qd-icon-button" {...nav.previousProps}><span aria-hidden="true">‹</span></button>
            <span className="qd-request-nav__text">{m.requestNav.position({ index: nav.index, count: nav.count })}</span>
            <button className="qd-icon-button" {...nav.nextProps}><span aria-hidden="true">›</span></button>
          </div>
        )}
      </div>
      {record.expiresAtMs !== undefined && Number.isFinite(record.expiresAtMs) && <ExpiryClock expiresAtMs={record.expiresAtMs} />}
      <button type="button" className="qd-icon-button" title={m.collapseTitle} onClick={collapse}>
        <span aria-hidden="true">⌄</span>
        <span className="qd-visually-hidden">{m.collapse}</span>
      </button>
    </div>
  );
}

/** "Question 2 of 3" with one clickable segment per question; nothing for a single question or stacked cards. */
export function StepProgress(props: ViewProps) {
  const { record, mode, collapsed } = useDockParts();
  return mode === "stepper" && !collapsed && record.questions.length > 1 ? <Progress {...props} /> : null;
}

function Progress({ className, style }: ViewProps) {
  const s = useStepNavigation(useDockParts().record.id);
  const m = useWords().messages;
  if (!s) return null;
  return (
    <div className={classes("qd-progress", className)} style={style}>
      <p className="qd-progress__text">{s.isReview ? m.step.reviewTitle : m.step.progress({ index: s.step + 1, count: s.questionCount })}</p>
      <ol className="qd-progress__segments">
        {s.record.questions.map((q, i) => (
          <li key={q.questionId}>
            <button
              type="button"
              className="qd-segment"
              data-answered={s.answered[i] || undefined}
              aria-current={i === s.step ? "step" : undefined}
              aria-label={m.step.segment({ index: i + 1, title: q.header || plainTextOf(q.question), answered: s.answered[i] === true })}
              onClick={() => s.goTo(i)}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Props of `QuestionDock.Panel`. */
export interface PanelProps extends ViewProps {
  children?: ReactNode;
}

/** The expanded prompt's box; it is made again for each request, so what it holds starts afresh. */
export function Panel({ className, style, children }: PanelProps) {
  const { record, mode, collapsed } = useDockParts();
  if (collapsed) return null;
  return (
    <div key={`${record.id}:${mode}`} className={classes("qd-prompt", className)} style={style} data-mode={mode} tabIndex={-1}>
      {children}
    </div>
  );
}

/** The stepper's last step of a multi-question prompt: every answer, each with a button back to its question. */
export function ReviewStep(props: ViewProps) {
  const { record, mode, step, collapsed } = useDockParts();
  const reviewing = mode === "stepper" && !collapsed && record.questions.length > 1 && step >= record.questions.length;
  // Only on the review step: the answers it lists change with every keystroke of typed text.
  return reviewing ? <Review {...props} /> : null;
}

function Review({ className, style }: ViewProps) {
  const headingId = useId();
  const s = useQuestionStep(useDockParts().record.id);
  const m = useWords().messages;
  if (!s) return null;
  return (
    <div className={classes("qd-review", className)} style={style} aria-labelledby={headingId} role="group" {...s.reviewProps}>
      <h3 className="qd-question__text" id={headingId}>{m.step.reviewHeading}</h3>
      <ol className="qd-review__list">
        {s.record.questions.map((q, i) => {
          const text = answerText(q, s.values[i], m.secretMask);
          return (
            <li key={q.questionId} className="qd-review__item">
              <span className="qd-review__question">{plainTextOf(q.question)}</span>
              <span className="qd-review__answer" data-missing={text ? undefined : true}>{text ?? m.step.noAnswerYet}</span>
              <button type="button" className="qd-button qd-button--quiet qd-review__edit" aria-label={m.step.edit({ question: plainTextOf(q.question) })} onClick={() => s.goTo(i)}>
                {m.step.editButton}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

// Each refused submit moves focus once: a view that mounts again (a collapse and expand) must not pull it again.
const focusedFor = new WeakSet<Submission>();

/** In stacked cards, after a submit with open questions: which ones, and a button into the first. */
export function Missing() {
  const { mode, collapsed } = useDockParts();
  return mode === "stacked" && !collapsed ? <MissingAnswers /> : null;
}

function MissingAnswers() {
  const { record, rootRef } = useDockParts();
  const m = useWords().messages;
  const nav = useStepNavigation(record.id, "stacked");
  const submission = nav?.submission;
  const refused = submission?.status === "error" && submission.code === "unanswered";
  const missing = refused && nav ? nav.record.questions.flatMap((question, i) => (nav.answered[i] ? [] : [{ question, index: i + 1 }])) : [];
  const firstId = missing[0]?.question.questionId;
  // Ids come from the gateway, so no selector is built from them.
  const focusFirst = () => {
    const card = Array.from(rootRef.current?.querySelectorAll<HTMLElement>(`[${QUESTION_ATTR}]`) ?? []).find((el) => el.getAttribute(QUESTION_ATTR) === firstId);
    if (card && firstId !== undefined) focusFirstControl(card);
  };
  useEffect(() => {
    if (!refused || !submission || focusedFor.has(submission)) return;
    focusedFor.add(submission);
    focusFirst();
  });
  if (missing.length === 0) return null;
  const names = missing.map(({ question, index }) => question.header.trim() || m.missingAnswers.numbered({ index }));
  return (
    <div className="qd-missing">
      <p className="qd-error" role="alert">{m.missingAnswers.text({ questions: names.join(", ") })}</p>
      <button type="button" className="qd-button qd-button--quiet" onClick={focusFirst}>{m.missingAnswers.goTo({ question: names[0]! })}</button>
    </div>
  );
}

/** Skip, Back and the primary Next/Submit button, with the submit state and its error. */
export function PromptFooter({ className, style }: ViewProps) {
  const { record, mode, collapsed } = useDockParts();
  const f = useFooterButtons(record.id, mode);
  if (!f || collapsed) return null;
  const apple = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
  return (
    <>
      {f.error && <p className="qd-error" role="alert">{f.error}</p>}
      <div className={classes("qd-footer", className)} style={style}>
        <button className="qd-button qd-button--quiet" {...f.skipProps} />
        <span className="qd-footer__spacer" />
        {f.status && <span className="qd-footer__status">{f.status}</span>}
        {f.backProps && <button className="qd-button" {...f.backProps} />}
        <button className="qd-button qd-button--primary" {...f.primaryProps} />
        <kbd className="qd-kbd qd-footer__shortcut" aria-hidden="true">{apple ? "⌘" : "Ctrl"}+Enter</kbd>
      </div>
    </>
  );
}

/** The slim indicator of a collapsed dock: requests waiting, the newest question, a "New" mark and Expand. */
export function CollapsedBar({ className, style }: ViewProps) {
  const { collapsed } = useDockParts();
  return collapsed ? <Bar className={className} style={style} /> : null;
}

// Its own component: what counts as new is what arrived since the bar appeared.
function Bar({ className, style }: ViewProps) {
  const { count, asyncQuestions, newest, isNew, expandProps } = useCollapsedBar();
  const question = newest?.questions[0];
  const { messages: m, locale } = useWords();
  return (
    <div className={classes("qd-collapsed", className)} style={style}>
      {/* A word, not a colour alone, says the question is new; the live region has already announced it. */}
      {isNew && <span className="qd-chip qd-chip--new">{m.attention.newMark}</span>}
      {question?.header && <span className="qd-chip">{question.header}</span>}
      <span className="qd-collapsed__question">{question && plainTextOf(question.question)}</span>
      {newest?.expiresAtMs !== undefined && Number.isFinite(newest.expiresAtMs) && <ExpiryClock expiresAtMs={newest.expiresAtMs} />}
      <span className="qd-collapsed__count">
        {pluralText(m.requestsWaiting, count, locale)}
        {asyncQuestions > 0 && `, ${pluralText(m.unansweredQuestions, asyncQuestions, locale)}`}
      </span>
      <button className="qd-button qd-button--primary" {...expandProps}>{m.expand}</button>
    </div>
  );
}
