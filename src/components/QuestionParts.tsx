import * as RadioGroup from "@radix-ui/react-radio-group";
import { createContext, useCallback, useContext, useLayoutEffect, useRef, useState } from "react";
import { DIGIT_KEY_COUNT, inlineDirectionOf, type InlineDirection } from "../hooks/keyboard-intent";
import { useWords } from "../hooks/use-messages";
import { useOptionGroup, type OptionGroupState, type OptionItem } from "../hooks/use-option-group";
import { useOtherField } from "../hooks/use-other-field";
import { RECOMMENDED_SUFFIX } from "../protocol/ask-user";
import { safeHttpUrl } from "../protocol/links";
import { classes, type ViewProps } from "./view-props";
import { useDockParts } from "./DockRoot";
import type { PanelProps } from "./DockParts";
import { MarkdownText } from "./MarkdownText";

const QuestionContext = /* @__PURE__ */ createContext<OptionGroupState | null>(null);

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
      <div className={classes("qd-question", className)} style={style} {...group.questionProps}>{children}</div>
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
  // The stepper shows the question at its step, none on the review step; stacked cards show them all.
  const shown = mode === "stepper" ? record.questions.slice(step, step + 1) : record.questions;
  const questions = shown.map((q) => <Question key={q.questionId} questionId={q.questionId} className={className} style={style}>{children}</Question>);
  return mode === "stepper" ? (questions[0] ?? null) : <div className="qd-cards">{questions}</div>;
}

/** A question's words: its header on a card, its text, the multi-select hint and its link. */
export function QuestionText({ className, style }: ViewProps) {
  const group = useQuestionGroup();
  const { mode } = useDockParts();
  const m = useWords().messages;
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
  const m = useWords().messages;
  if (!href) return null;
  const { host, pathname } = new URL(href);
  return (
    <a className="qd-link" href={href} target="_blank" rel="noopener noreferrer">
      {`${host}${pathname === "/" ? "" : pathname}`}
      <span className="qd-visually-hidden">{m.opensInNewTab}</span>
    </a>
  );
}

// The label stays plain text (it is the answer); the description sits outside the control so its links never pick.
function OptionCard({ option, multiple }: { option: OptionItem; multiple: boolean }) {
  const match = option.recommended ? RECOMMENDED_SUFFIX.exec(option.label) : null;
  const content = (
    <>
      <span className="qd-option__indicator" aria-hidden="true" />
      <span className="qd-option__label" {...option.labelProps}>
        {match ? option.label.slice(0, match.index) : option.label}
        {match && " "}
        {match && <span className="qd-badge">{match[1]}</span>}
      </span>
      {option.index < DIGIT_KEY_COUNT && <kbd className="qd-kbd" aria-hidden="true">{option.index + 1}</kbd>}
    </>
  );
  return (
    <div className="qd-option" data-state={option.checked ? "checked" : "unchecked"} data-recommended={option.recommended || undefined}>
      {multiple ? (
        <label className="qd-option__row">
          <input className="qd-option__control" {...option.inputProps} />
          {content}
        </label>
      ) : (
        <RadioGroup.Item
          value={option.inputProps.value}
          className="qd-option__row"
          data-recommended={option.recommended || undefined}
          aria-labelledby={option.inputProps["aria-labelledby"]}
          aria-describedby={option.inputProps["aria-describedby"]}
        >
          {content}
        </RadioGroup.Item>
      )}
      {option.description && <OptionDescription text={option.description} id={option.descriptionProps.id} labelId={option.labelProps.id} />}
    </div>
  );
}

// Show more appears only when the text runs longer, described by the option's label so each button is told apart.
function OptionDescription({ text, id, labelId }: { text: string; id: string; labelId: string }) {
  const m = useWords().messages;
  const ref = useRef<HTMLElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  // While expanded the box is as tall as its text, so the measure from before stays the answer.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || expanded) return;
    // One pixel of slack: rounding can make a text that fits look a fraction taller than its box.
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [expanded, text]);
  return (
    <>
      <MarkdownText ref={ref} id={id} className="qd-option__description" data-clamped={expanded ? undefined : ""} text={text} />
      {(expanded || overflows) && (
        <button type="button" className="qd-option__more" aria-expanded={expanded} aria-controls={id} aria-describedby={labelId} onClick={() => setExpanded(!expanded)}>
          {expanded ? m.description.showLess : m.description.showMore}
        </button>
      )}
    </>
  );
}

/** A question's options: a Radix radio group for single-select, a checkbox group for multi-select. */
export function Options({ className, style }: ViewProps) {
  const group = useQuestionGroup();
  // Radix pins `dir` to "ltr" unless told; reading the parent's as the group mounts keeps an RTL page from flashing LTR.
  const [dir, setDir] = useState<InlineDirection>("ltr");
  const readDir = useCallback((el: HTMLElement | null) => void (el && setDir(inlineDirectionOf(el.parentElement))), []);
  if (group.options.length === 0) return null;
  // By position: labels come from the agent, and a repeated one must never collide as a key.
  const cards = group.options.map((option) => <OptionCard key={option.index} option={option} multiple={group.multiple} />);
  if (group.multiple) return <div className={classes("qd-options", className)} style={style} {...group.groupProps}>{cards}</div>;
  const checked = group.options.find((o) => o.checked);
  const pickAt = (value: string) => group.options[Number(value)]?.inputProps.onChange();
  return (
    <RadioGroup.Root ref={readDir} dir={dir} className={classes("qd-options", className)} style={style} value={checked ? checked.inputProps.value : null} onValueChange={pickAt} aria-labelledby={group.groupProps["aria-labelledby"]} loop>
      {cards}
    </RadioGroup.Root>
  );
}

/** A question's free-text answer; text kept from before an option was picked shows as "Not chosen". */
export function Other({ className, style }: ViewProps) {
  const { record } = useDockParts();
  const field = useOtherField(record.id, useQuestionGroup().question.questionId);
  const m = useWords().messages;
  if (!field) return null;
  const shared = { className: field.notChosen ? "qd-other__input qd-other__input--not-chosen" : "qd-other__input", ...field.inputProps };
  return (
    <div className={classes("qd-other", className)} style={style}>
      <div className="qd-other__head">
        <label className="qd-other__label" {...field.labelProps}>{m.other.label}</label>
        {field.shortcut !== undefined && <kbd className="qd-kbd" aria-hidden="true">{field.shortcut}</kbd>}
        {field.notChosen ? <span className="qd-other__hint" id={field.hintId}>{m.other.notChosen}</span> : null}
      </div>
      {field.secret ? <input type="password" autoComplete="off" spellCheck={false} {...shared} /> : <textarea rows={2} {...shared} />}
      {field.credential ? <p className="qd-other__warning" id={field.warningId}>{m.other.credentialWarning}</p> : null}
      {field.notice ? <p className="qd-other__notice" id={field.noticeId} role="status">{field.notice}</p> : null}
    </div>
  );
}
