// Writes a minimal Vite + React + TypeScript app that uses the packed kit the way a host app would.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The question the app asks on the simulated gateway; the browser check looks for it. */
export const ASKED = {
  questionId: "target",
  header: "Deploy",
  question: "Where should this deploy?",
  options: [{ label: "Staging" }, { label: "Production" }],
};

/**
 * Writes the app into `dir`. `versions` maps react, react-dom, @types/react, @types/react-dom, vite and
 * typescript to exact versions; `tarball` is the packed kit; `protocol` adds an import from its ./protocol subpath.
 */
export function writeConsumerApp(dir, { tarball, versions, protocol }) {
  mkdirSync(join(dir, "src"), { recursive: true });
  const files = {
    "package.json": JSON.stringify(
      {
        name: "question-dock-install-check",
        private: true,
        type: "module",
        dependencies: {
          "@openclaw-kit/question-dock": `file:${tarball}`,
          react: versions.react,
          "react-dom": versions["react-dom"],
        },
        devDependencies: {
          "@types/react": versions["@types/react"],
          "@types/react-dom": versions["@types/react-dom"],
          typescript: versions.typescript,
          vite: versions.vite,
        },
      },
      null,
      2,
    ),
    "index.html": INDEX_HTML,
    "tsconfig.json": JSON.stringify(TSCONFIG, null, 2),
    "vite.config.ts": VITE_CONFIG,
    "src/main.tsx": mainTsx(protocol),
    "src/app.css": APP_CSS,
    "ssr-check.mjs": SSR_CHECK,
  };
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body.endsWith("\n") ? body : `${body}\n`);
}

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Question dock install check</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>`;

// Strict, and the kit's declarations are checked too (no skipLibCheck): broken .d.ts files must fail here.
const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2022", "DOM", "DOM.Iterable"],
    module: "ESNext",
    moduleResolution: "Bundler",
    jsx: "react-jsx",
    strict: true,
    noUncheckedIndexedAccess: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    skipLibCheck: false,
    types: ["vite/client"],
    noEmit: true,
  },
  include: ["src"],
};

// The CSS target the README asks of a host: at Vite's default one, light-dark() becomes values that follow the root's
// colour scheme only, so a view would no longer follow the OS or the provider's theme.
const VITE_CONFIG = `import { defineConfig } from "vite";

export default defineConfig({
  logLevel: "warn",
  build: { outDir: "dist", emptyOutDir: true, cssTarget: ["chrome123", "edge123", "firefox120", "safari17.5"] },
});`;

/** The app's accent, light and dark, as its own tokens set it; the browser check finds it on the dock's Submit. */
export const HOST_ACCENT = { light: "rgb(109, 40, 217)", dark: "rgb(196, 181, 253)" };

// The app's own design tokens, handed to the dock as --qd-* values, and its class-based dark mode, `dark` on <html>.
const APP_CSS = `:root {
  color-scheme: light;
  --qd-accent: #6d28d9;
  --qd-accent-soft: #ede9fe;
  --qd-focus: #6d28d9;
  --qd-radius: 0.75rem;
}
html.dark {
  color-scheme: dark;
  --qd-accent: #c4b5fd;
  --qd-accent-text: #1a1030;
  --qd-accent-soft: #2e2550;
  --qd-focus: #c4b5fd;
}`;

function mainTsx(protocol) {
  const protocolImport = protocol ? `import { parseQuestionRecord } from "@openclaw-kit/question-dock/protocol";\n` : "";
  const protocolUse = protocol ? `  protocolRecordValid: parseQuestionRecord(record).ok,\n` : "";
  return `import "@openclaw-kit/question-dock/styles.css";
import "./app.css";
import { StrictMode, version } from "react";
import { createRoot } from "react-dom/client";
import {
  DockLayout,
  QuestionDock,
  QuestionDockProvider,
  QuestionSummaryList,
  createGatewayClient,
  createQuestionDockStore,
} from "@openclaw-kit/question-dock";
import { createSimulatedGateway } from "@openclaw-kit/question-dock/simulated";
${protocolImport}
// The app's own arrangement of the dock's parts: the options before the question's words, and a note of its own.
function AppDock() {
  return (
    <QuestionDock.Root className="app-dock">
      <QuestionDock.CollapsedBar />
      <QuestionDock.Header />
      <QuestionDock.Panel>
        <QuestionDock.Questions>
          <QuestionDock.Options />
          <QuestionDock.Other />
          <QuestionDock.Prompt />
        </QuestionDock.Questions>
        <QuestionDock.Review />
        <QuestionDock.Missing />
        <QuestionDock.Footer />
        <p className="app-note">Answers go to the agent that asked.</p>
      </QuestionDock.Panel>
    </QuestionDock.Root>
  );
}

declare global {
  interface Window {
    __installCheck?: { reactVersion: string; gatewayStatus: () => string | undefined; protocolRecordValid?: boolean };
  }
}

const TOKEN = "install-check";
const sim = createSimulatedGateway({ token: TOKEN });
const client = createGatewayClient({ url: "sim://install-check", transport: sim.transport, token: TOKEN });
const store = createQuestionDockStore({ client, sessionKey: "main" });
client.start();
const record = sim.ask({ sessionKey: "main", questions: [${JSON.stringify(ASKED)}] });
window.__installCheck = {
  reactVersion: version,
  gatewayStatus: () => sim.records().find((r) => r.id === record.id)?.status,
${protocolUse}};

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing");
createRoot(root).render(
  <StrictMode>
    <QuestionDockProvider store={store}>
      <DockLayout
        transcript={<QuestionSummaryList />}
        dock={<AppDock />}
        composer={<textarea aria-label="Message" />}
      />
    </QuestionDockProvider>
  </StrictMode>,
);
`;
}

// Server rendering of every view in Node with the app's own react, on a client that never starts.
const SSR_CHECK = `import { createElement as h, version } from "react";
import { renderToString } from "react-dom/server";
import {
  DockLayout,
  QuestionDock,
  QuestionDockProvider,
  QuestionSummaryList,
  createGatewayClient,
  createQuestionDockStore,
} from "@openclaw-kit/question-dock";
import { createSimulatedGateway } from "@openclaw-kit/question-dock/simulated";

const expected = process.argv[2];
if (version !== expected) throw new Error(\`react \${version} resolved, expected \${expected}\`);
const sim = createSimulatedGateway({ token: "ssr" });
const client = createGatewayClient({ url: "sim://ssr", transport: sim.transport, token: "ssr" });
const store = createQuestionDockStore({ client, sessionKey: "main" });
const html = renderToString(
  h(QuestionDockProvider, { store }, h(DockLayout, {
    transcript: h(QuestionSummaryList),
    dock: h(QuestionDock),
    composer: h("textarea", { "aria-label": "Message" }),
  })),
);
if (!html.includes("qd-layout") || !html.includes('aria-label="Message"')) throw new Error(\`the layout did not render its composer slot: \${html.slice(0, 300)}\`);
console.log(JSON.stringify({ react: version, bytes: html.length }));
process.exit(0);
`;
