// A host's blocking-only import must not carry the opt-in parts: async questions with their conversation and outbox,
// history outcomes, chat replies and the pane bus come in only through the factories that make them (src/features/,
// src/store/opt-in/).
// The source entry is bundled here as a host's bundler would, and the modules that reach the output are checked by
// path, so a static import that drags one back fails here, naming it, long before the size budget notices.
import { describe, expect, it } from "vitest";
import { BUNDLE_MS, bundleImport } from "./host-bundle";

const BLOCKING_IMPORT = ["QuestionDockProvider", "QuestionDock", "createGatewayClient", "createWebSocketTransport", "createQuestionDockStore"];

/** The source modules that reach a bundle of `names` from the package entry, as paths from the repo root. */
async function modulesOf(names: readonly string[]): Promise<string[]> {
  const result = await bundleImport(names, "./src/index.ts", { metafile: true });
  const [output] = Object.values(result.metafile!.outputs);
  // An output's inputs are the modules that put code into it; what tree-shaking dropped is not among them.
  return Object.entries(output!.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);
}

// Each is a module (or a folder of them) that exists only for an opt-in part.
const OPTIONAL = [
  /^src\/features\//,
  /^src\/store\/opt-in\/(factories|chat-replies)\.ts$/,
  /^src\/store\/async\//,
  /^src\/store\/effects\/answer-by-chat\.ts$/,
  /^src\/store\/keep\/storage\.ts$/,
  /^src\/store\/outbox\//,
  /^src\/store\/conversation\//,
  /^src\/protocol\/(ask-user-history|async-delivery)\.ts$/,
  /^src\/hooks\/use-delivery\.ts$/,
  /^src\/components\/(AsyncProblemNotice|AsyncSummary)\.tsx$/,
];
const optionalAmong = (modules: readonly string[]) => modules.filter((path) => OPTIONAL.some((pattern) => pattern.test(path)));

describe("The blocking-only import", () => {
  it(
    "bundles the blocking dock and none of the opt-in parts",
    async () => {
      const modules = await modulesOf(BLOCKING_IMPORT);
      // The bundle is the dock it claims to be, so an empty or broken build cannot pass.
      expect(modules).toEqual(expect.arrayContaining(["src/store/create-store.ts", "src/components/QuestionDock.tsx", "src/gateway/client.ts"]));
      expect(optionalAmong(modules)).toEqual([]);
      // The dock's own words come without the English of the views beyond it.
      expect(modules).toContain("src/messages/en-dock.ts");
      expect(modules).not.toContain("src/messages/en.ts");
    },
    BUNDLE_MS,
  );

  it(
    "keeps them out of the summaries and transcript views too",
    async () => {
      const modules = await modulesOf([...BLOCKING_IMPORT, "QuestionSummaryList", "QuestionTranscript", "QuestionSummary"]);
      expect(modules).toEqual(expect.arrayContaining(["src/components/QuestionSummary.tsx"]));
      expect(optionalAmong(modules)).toEqual([]);
    },
    BUNDLE_MS,
  );

  it(
    "gains them once the host imports the feature factories, so the check above can see them",
    async () => {
      const modules = await modulesOf([...BLOCKING_IMPORT, "asyncQuestionsFeature", "blockingDraftsFeature"]);
      expect(optionalAmong(modules)).toEqual(
        expect.arrayContaining([
          "src/features/async-questions.ts",
          "src/store/opt-in/factories.ts",
          "src/store/async/history-reader.ts",
          "src/store/async/outbox.ts",
          "src/store/async/questions.ts",
          "src/store/async/reducer.ts",
          "src/store/keep/storage.ts",
          "src/store/outbox/outbox-reducer.ts",
          "src/store/conversation/conversation-reducer.ts",
          "src/components/AsyncProblemNotice.tsx",
          "src/components/AsyncSummary.tsx",
        ]),
      );
    },
    BUNDLE_MS,
  );

  it(
    "gains the conversation, and not the outbox or the async questions' effect, with the chat feed",
    async () => {
      const modules = await modulesOf([...BLOCKING_IMPORT, "chatHistoryFeature", "useChatTranscript", "QuestionTranscript"]);
      expect(modules).toEqual(expect.arrayContaining(["src/store/opt-in/factories.ts", "src/store/async/history-reader.ts", "src/store/async/reducer.ts"]));
      expect(modules.filter((path) => /^src\/(features\/|store\/async\/(outbox|questions)\.ts$|store\/keep\/storage\.ts$)/.test(path))).toEqual([]);
    },
    BUNDLE_MS,
  );
});
