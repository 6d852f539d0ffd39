// A dock in the host's own markup, built only from the kit's headless hooks: native radios and checkboxes, a
// textarea, plain buttons. No kit component and no kit CSS. The hooks hand out the props to spread, so every key
// (digits, Ctrl/Cmd+Enter, Esc, the request arrows, Alt+Shift+Q) and every announcement work as in the kit's dock.
import {
  useAnnouncement,
  useCollapsedBar,
  useDockRoot,
  useFooterButtons,
  useOptionGroup,
  useOtherField,
  useQuestionStep,
  useReopenShortcut,
  useRequestNav,
  type DockRoot,
} from "../../src";

function PlainQuestion({ requestId, questionId }: { requestId: string; questionId: string }) {
  const group = useOptionGroup(requestId, questionId);
  const other = useOtherField(requestId, questionId);
  if (!group) return null;
  return (
    <fieldset {...group.questionProps}>
      <legend {...group.textProps}>{group.question.question}</legend>
      <div {...group.groupProps}>
        {group.options.map((o) => (
          <div key={o.index}>
            <label {...o.labelProps}>
              <input {...o.inputProps} />
              {o.label}
            </label>
            {o.description && <small {...o.descriptionProps}> {o.description}</small>}
          </div>
        ))}
      </div>
      {other && (
        <p>
          <label {...other.labelProps}>Your own answer</label>
          <textarea rows={2} {...other.inputProps} />
        </p>
      )}
    </fieldset>
  );
}

function PlainReview({ requestId }: { requestId: string }) {
  const step = useQuestionStep(requestId);
  if (!step) return null;
  return (
    <ul aria-label="Your answers" {...step.reviewProps}>
      {step.record.questions.map((q, i) => (
        <li key={q.questionId}>
          {q.header}: {step.values[i]?.join(", ")}
        </li>
      ))}
    </ul>
  );
}

function PlainPrompt({ dock }: { dock: DockRoot }) {
  const nav = useRequestNav();
  const footer = useFooterButtons(dock.record?.id ?? "");
  const record = dock.record;
  if (!record || !footer) return null;
  const question = record.questions[dock.step];
  return (
    <div>
      <p>
        {nav && (
          <span {...nav.groupProps}>
            <button {...nav.previousProps}>←</button> {`Request ${nav.index} of ${nav.count}`} <button {...nav.nextProps}>→</button>
          </span>
        )}
        <button {...dock.collapseProps}>Collapse</button>
      </p>
      {question ? <PlainQuestion key={question.questionId} requestId={record.id} questionId={question.questionId} /> : <PlainReview requestId={record.id} />}
      {footer.error && <p role="alert">{footer.error}</p>}
      {footer.status}
      <button {...footer.skipProps} />
      {footer.backProps && <button {...footer.backProps} />}
      <button {...footer.primaryProps} />
    </div>
  );
}

function PlainBar() {
  const bar = useCollapsedBar();
  return (
    <p>
      {`${bar.count} waiting`} <button {...bar.expandProps}>Expand</button>
    </p>
  );
}

/** The example dock: the active request's prompt, a bar while collapsed, or a line saying nothing waits. */
export function PlainDock() {
  const dock = useDockRoot({ layout: "stepper" });
  const { text, n } = useAnnouncement();
  useReopenShortcut();
  return (
    <>
      <section aria-label="Questions" {...dock.rootProps}>
        {!dock.record ? <p>No questions waiting.</p> : dock.collapsed ? <PlainBar /> : <PlainPrompt dock={dock} />}
      </section>
      <div role="status" aria-live="polite">
        <span key={n}>{text}</span>
      </div>
    </>
  );
}
