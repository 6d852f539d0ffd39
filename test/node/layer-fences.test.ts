// The layer fences live in eslint.config.js; these cases lint tiny offending files through ESLint itself,
// so deleting or loosening a fence fails here instead of going unnoticed.
import { fileURLToPath } from "node:url";
import { ESLint, type Linter } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

// The first lint loads the config, its plugins and the TypeScript parser: seconds on a busy 2-core machine,
// more than a test's default timeout. It happens once here, under a hook limit that only catches a hang, and
// each case keeps a limit of its own of the same kind.
const ESLINT_WARM_UP_MS = 180_000;
const LINT_CASE_MS = 60_000;

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText("export const warm = 1;\n", { filePath: `${root}src/fence-warm-up.ts` });
}, ESLINT_WARM_UP_MS);

/** Lints `code` as if it were the file at `path` (relative to the repo root); the file need not exist. */
async function lint(path: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  if (!result) throw new Error(`ESLint returned no result for ${path}`);
  return result.messages;
}

/** The import-fence messages among `messages`, from either flavour of the rule. */
function fenceMessages(messages: Linter.LintMessage[]): string[] {
  return messages
    .filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "@typescript-eslint/no-restricted-imports")
    .map((m) => m.message);
}

const fences = [
  {
    fence: "gateway never imports the store",
    path: "src/gateway/fence-probe.ts",
    code: 'import { activeRecord } from "../store/dock/selectors";\nexport const probe = activeRecord;\n',
    says: "gateway sits below the store",
  },
  {
    fence: "hooks never import components",
    path: "src/hooks/fence-probe.ts",
    code: 'import { QuestionDock } from "../components/QuestionDock";\nexport const probe = QuestionDock;\n',
    says: "hooks must not import components",
  },
  {
    fence: "hooks never import component types either",
    path: "src/hooks/fence-probe.ts",
    code: 'import type { QuestionDockProps } from "../components";\nexport type Probe = QuestionDockProps;\n',
    says: "hooks must not import components",
  },
  {
    fence: "components reach the store only through hooks",
    path: "src/components/FenceProbe.tsx",
    code: 'import { activeRecord } from "../store/dock/selectors";\nexport const probe = activeRecord;\n',
    says: "components reach the store only through hooks",
  },
  {
    fence: "the message table uses no React",
    path: "src/messages/fence-probe.ts",
    code: 'import { useMemo } from "react";\nexport const probe = useMemo;\n',
    says: "must not depend on React",
  },
  {
    fence: "the message table names store types only",
    path: "src/messages/fence-probe.ts",
    code: 'import { activeRecord } from "../store/dock/selectors";\nexport const probe = activeRecord;\n',
    says: "the message table names store types only",
  },
  {
    fence: "the library entry never imports the simulated gateway",
    path: "src/fence-probe.ts",
    code: 'export { createSimulatedGateway } from "./simulated";\n',
    says: "nothing in the library may import src/simulated",
  },
  {
    fence: "the store never imports the simulated gateway",
    path: "src/store/fence-probe.ts",
    code: 'import { createSimulatedGateway } from "../simulated/simulated-gateway";\nexport const probe = createSimulatedGateway;\n',
    says: "nothing in the library may import src/simulated",
  },
  {
    fence: "components never import the simulated gateway",
    path: "src/components/FenceProbe.tsx",
    code: 'import { createSimulatedGateway } from "../simulated";\nexport const probe = createSimulatedGateway;\n',
    says: "nothing in the library may import src/simulated",
  },
  {
    fence: "the simulated gateway never imports the store",
    path: "src/simulated/fence-probe.ts",
    code: 'import { activeRecord } from "../store/dock/selectors";\nexport const probe = activeRecord;\n',
    says: "must not import src/store",
  },
  {
    fence: "the store never imports the opt-in features layer",
    path: "src/store/fence-probe.ts",
    code: 'import { asyncQuestionsFeature } from "../features/async-questions";\nexport const probe = asyncQuestionsFeature;\n',
    says: "only the package entry imports src/features",
  },
  {
    fence: "hooks never import the opt-in features layer",
    path: "src/hooks/fence-probe.ts",
    code: 'import { asyncQuestionsFeature } from "../features/async-questions";\nexport const probe = asyncQuestionsFeature;\n',
    says: "only the package entry imports src/features",
  },
  {
    fence: "components never import the opt-in features layer",
    path: "src/components/FenceProbe.tsx",
    code: 'import { asyncQuestionsFeature } from "../features/async-questions";\nexport const probe = asyncQuestionsFeature;\n',
    says: "only the package entry imports src/features",
  },
  {
    fence: "gateway stays free of React",
    path: "src/gateway/fence-probe.ts",
    code: 'import { useState } from "react";\nexport const probe = useState;\n',
    says: "must not depend on React",
  },
  {
    fence: "protocol stays the bottom layer",
    path: "src/protocol/fence-probe.ts",
    code: 'import { createGatewayClient } from "../gateway/client";\nexport const probe = createGatewayClient;\n',
    says: "protocol is the bottom layer",
  },
  {
    fence: "the playground imports no private module",
    path: "playground/fence-probe.ts",
    code: 'import { useNewestRows } from "../src/hooks/use-newest-rows";\nexport const probe = useNewestRows;\n',
    says: "the playground imports only the package's public entries",
  },
  {
    fence: "the playground imports no private protocol module",
    path: "playground/fence-probe.ts",
    code: 'import { parseChatMessage } from "../src/protocol/chat-message";\nexport const probe = parseChatMessage;\n',
    says: "the playground imports only the package's public entries",
  },
];

describe("layer fences", () => {
  it.each(fences)("$fence", async ({ path, code, says }) => {
    expect(fenceMessages(await lint(path, code))).toEqual([expect.stringContaining(says)]);
  }, LINT_CASE_MS);
});

// The other side of each fence: the imports the layers are meant to use stay allowed.
const openings = [
  { opening: "components name store types", path: "src/components/FenceProbe.tsx", code: 'import type { Outcome } from "../store/dock/state";\nexport type Probe = Outcome;\n' },
  { opening: "components use hooks", path: "src/components/FenceProbe.tsx", code: 'import { useDockStore } from "../hooks/dock-context";\nexport const probe = useDockStore;\n' },
  { opening: "hooks read the store", path: "src/hooks/fence-probe.ts", code: 'import { activeRecord } from "../store/dock/selectors";\nexport const probe = activeRecord;\n' },
  { opening: "the simulated gateway uses gateway and protocol", path: "src/simulated/fence-probe.ts", code: 'import type { TransportFactory } from "../gateway/transport";\nimport { PROTOCOL_VERSION } from "../protocol";\nexport type Probe = TransportFactory;\nexport const probe = PROTOCOL_VERSION;\n' },
  { opening: "the entry names the opt-in features", path: "src/fence-probe.ts", code: 'export { asyncQuestionsFeature } from "./features/async-questions";\n' },
  { opening: "a feature joins a store link with its views", path: "src/features/fence-probe.ts", code: 'import { AsyncProblemNotice } from "../components/AsyncProblemNotice";\nimport { createAsyncQuestionsFeature } from "../store/opt-in/factories";\nexport const probe = [AsyncProblemNotice, createAsyncQuestionsFeature];\n' },
  {
    opening: "the playground uses the public entries",
    path: "playground/fence-probe.ts",
    code: 'import "../src/styles/question-dock.css";\nimport { QuestionDock } from "../src";\nimport { sentKeyOf } from "../src/protocol";\nimport { createScriptedDock } from "../src/simulated";\nimport { deMessages } from "../src/messages/de";\nexport const probe = [QuestionDock, sentKeyOf, createScriptedDock, deMessages];\n',
  },
  { opening: "tests use the simulated gateway", path: "test/node/fence-probe.ts", code: 'import { createSimulatedGateway } from "../../src/simulated";\nexport const probe = createSimulatedGateway;\n' },
];

describe("imports the fences allow", () => {
  it.each(openings)("$opening", async ({ path, code }) => {
    expect(fenceMessages(await lint(path, code))).toEqual([]);
  }, LINT_CASE_MS);
});
