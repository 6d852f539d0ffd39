// Sample ask_user questions that the store, view and gateway tests share.

/** A single-select question whose first option is the recommended one. */
export const TARGET = {
  questionId: "target",
  header: "Deploy",
  question: "Where should this deploy?",
  options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
};
/** A second single-select question. */
export const REGION = {
  questionId: "region",
  header: "Region",
  question: "Which region?",
  options: [{ label: "EU" }, { label: "US" }, { label: "Asia" }],
};
/** A multi-select question. */
export const CHECKS = {
  questionId: "checks",
  header: "Checks",
  question: "Which checks should run?",
  multiSelect: true,
  options: [{ label: "Lint" }, { label: "Unit tests" }, { label: "E2E" }],
};
