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

const VITE_CONFIG = `import { defineConfig } from "vite";

export default defineConfig({
  logLevel: "warn",
  build: { outDir: "dist", emptyOutDir: true },
});`;

function mainTsx(protocol) {
  const protocolImport = protocol ? `import { parseQuestionRecord } from "@openclaw-kit/question-dock/protocol";\n` : "";
  const protocolUse = protocol ? `  protocolRecordValid: parseQuestionRecord(record).ok,\n` : "";
  return `import "@openclaw-kit/question-dock/styles.css";
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
        dock={<QuestionDock />}
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
