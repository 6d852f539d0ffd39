// A dock in the host's own markup, built only from the kit's headless hooks: native radios and checkboxes, a
// textarea, plain buttons. No kit component and no kit CSS; what the hooks give is enough for a complete flow.
import { useOptionGroup, useOtherField, useQuestionDock, useQuestionStep } from "../../src";

function PlainOptions({ requestId, questionId }: { requestId: string; questionId: string }) {
  const group = useOptionGroup(requestId, questionId);
  const other = useOtherField(requestId, questionId);
  if (!group) return null;
  return (
    <fieldset>
      <legend>{group.question.question}</legend>
      {group.options.map((o) => (
        <label key={o.index} style={{ display: "block" }}>
          <input type={group.multiple ? "checkbox" : "radio"} name={questionId} checked={o.checked} onChange={() => group.pick(o.label, o.index)} />
          {o.label}
        </label>
      ))}
      {other && (
        <label style={{ display: "block" }}>
          Your own answer
          <textarea id={other.id} value={other.value} onChange={other.onChange} onPointerDown={other.onPointerDown} rows={2} />
        </label>
      )}
    </fieldset>
  );
}

function PlainPrompt({ requestId }: { requestId: string }) {
  const step = useQuestionStep(requestId);
  if (!step) return null;
  return (
    <form
      aria-label={step.record.questions[0]?.header || "Question"}
      onSubmit={(event) => {
        event.preventDefault();
        step.continueStep();
      }}
    >
      {step.question ? (
        <PlainOptions requestId={requestId} questionId={step.question.questionId} />
      ) : (
        <ul aria-label="Your answers">
          {step.record.questions.map((q, i) => (
            <li key={q.questionId}>
              {q.header}: {step.values[i]?.join(", ")}
            </li>
          ))}
        </ul>
      )}
      {step.hasStepper && step.step > 0 && (
        <button type="button" onClick={step.back}>
          Back
        </button>
      )}
      <button type="button" onClick={step.skip} disabled={step.busy}>
        Skip
      </button>
      <button type="submit" disabled={!step.primary.ready || step.busy}>
        {step.primary.kind === "next" ? "Next" : "Submit"}
      </button>
    </form>
  );
}

/** The example dock: the active request's prompt, or a line saying nothing waits. */
export function PlainDock() {
  const dock = useQuestionDock();
  return (
    <section aria-label="Questions">
      {dock.count > 1 && <p>{`Question ${dock.index} of ${dock.count}`}</p>}
      {dock.record ? <PlainPrompt key={dock.record.id} requestId={dock.record.id} /> : <p>No questions waiting.</p>}
    </section>
  );
}
