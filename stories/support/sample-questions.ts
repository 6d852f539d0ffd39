// Questions an agent might ask, shared by the stories. Each reads like a real ask_user call.
import type { SimAskParams } from "../../src/simulated";

/** One question a story asks, as the simulated gateway takes it. */
export type Question = SimAskParams["questions"][number];

/** Single-select whose first option is the recommended one, both with descriptions. */
export const DEPLOY: Question = {
  questionId: "deploy_target",
  header: "Deploy",
  question: "Where should this change deploy first?",
  options: [
    { label: "Staging (Recommended)", description: "Safe to try; only the team sees it" },
    { label: "Production", description: "Live users get it right away" },
  ],
};

/** Single-select with plain labels. */
export const REGION: Question = {
  questionId: "region",
  header: "Region",
  question: "Which region should host the new database?",
  options: [{ label: "EU (Frankfurt)" }, { label: "US East" }, { label: "Asia Pacific" }],
};

/** Single-select where every option explains itself. */
export const MIGRATION: Question = {
  questionId: "migration",
  header: "Migration",
  question: "How should the schema change roll out?",
  options: [
    { label: "Expand, then contract", description: "Add the new columns now and drop the old ones next release" },
    { label: "Single migration", description: "One step with a short write lock on the orders table" },
    { label: "Shadow table", description: "Copy into a new table in the background, then swap" },
  ],
};

/** Multi-select. */
export const CHECKS: Question = {
  questionId: "checks",
  header: "Checks",
  question: "Which checks should run before merging?",
  multiSelect: true,
  options: [{ label: "Lint" }, { label: "Unit tests" }, { label: "End-to-end tests" }, { label: "Type check" }],
};

/** A question that takes no free text: the gateway record has no isOther. */
export const KEEP_API: Question = {
  questionId: "keep_api",
  header: "API",
  question: "Keep the old v1 endpoints for one more release?",
  isOther: false,
  options: [{ label: "Keep them" }, { label: "Remove them" }],
};

/** A question with a reference link. */
export const RUNBOOK: Question = {
  questionId: "deploy_window",
  header: "Window",
  question: "The runbook lists two deploy windows. Which one?",
  url: "https://docs.example.com/runbooks/deploy-windows",
  options: [{ label: "Tonight 22:00 UTC" }, { label: "Tomorrow 06:00 UTC" }],
};

/** A secret prompt: the answer goes to a secret store and is masked everywhere. */
export const API_KEY: Question & { isSecret: boolean } = {
  questionId: "api_key",
  header: "API key",
  question: "Paste the staging API key for the payments sandbox.",
  options: [],
  isSecret: true,
  secretStore: { name: "PAYMENTS_SANDBOX_KEY", kind: "env", reason: "Needed to run the payment smoke test" },
};

/** Flagged secret with no secret store to name: `question.request` refuses it, so a story posts the record itself. */
export const DEPLOY_TOKEN: Question = {
  questionId: "deploy_token",
  header: "Token",
  question: "Paste the deploy token for the staging cluster.",
  options: [],
  isOther: true,
  isSecret: true,
};

/** Agent text that tries to be markup, words and a link with no break, and right-to-left text. */
export const UNTRUSTED: Question = {
  questionId: "untrusted",
  header: "<b>Hi</b>",
  question: 'Rename the service to <img src=x onerror=alert(1)> or keep "payments-gateway-service-internal-production-eu-west-1-primary-cluster-v2"?',
  url: "https://docs.example.com/services/payments-gateway-service-internal-production-eu-west-1-primary-cluster-v2/naming",
  options: [
    { label: "<script>alert(1)</script>", description: "Supercalifragilisticexpialidocious-antidisestablishmentarianism-pneumonoultramicroscopicsilicovolcanoconiosis" },
    { label: "שם חדש: שירות תשלומים", description: "הטקסט נכתב מימין לשמאל" },
    { label: "الاسم الجديد: خدمة الدفع", description: "نص من اليمين إلى اليسار" },
  ],
};

/**
 * Twenty options, as the release after openclaw 2026.9.6 allows (up to 64): one carries a `value` and one a `preview`,
 * fields the dock does not read. Only a gateway on the next release's rules takes it (`questionSchema: "next"`).
 */
export const LONG_REGIONS: Question = {
  questionId: "region",
  header: "Region",
  question: "Which region should host the new database?",
  options: [
    "Frankfurt", "Dublin", "Paris", "Stockholm", "Milan", "Madrid", "London", "Zurich", "Warsaw", "Oslo",
    "Virginia", "Ohio", "Oregon", "Montreal", "São Paulo", "Tokyo", "Seoul", "Singapore", "Sydney", "Mumbai",
  ].map((label, i) => ({ label, ...(i === 0 ? { value: "eu-central-1" } : {}), ...(i === 1 ? { preview: "Closest to most users" } : {}) })),
};

/** Asks the given questions as one request. */
export function ask(...questions: Question[]): SimAskParams {
  return { questions };
}
