// The question both question-link checks ask on the real gateway: the e2e spec answers it, the restart suite loses it.

/** A question with two options and Other, as `question.request` takes it. */
export const BRANCH_QUESTION = {
  questionId: "base_branch",
  header: "Branch",
  question: "Which branch should the fix start from?",
  options: [{ label: "main" }, { label: "release/2.4" }],
  isOther: true,
};
