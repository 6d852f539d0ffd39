import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));
const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

const STYLESHEET = "src/styles/question-dock.css";
const STYLESHEET_OUT = "question-dock.css";

// The stylesheet's colours are light-dark() pairs held in custom properties. Lowered for older browsers, each pair
// becomes two var() fallbacks that resolve where the property is declared (:root), not where it is used, and every
// colour turns invalid; so built pages target browsers that have light-dark() (the library ships its CSS as written).
const CSS_TARGET = ["chrome123", "edge123", "firefox120", "safari17.5"];

// Peer and runtime dependencies stay imports, so the host app dedupes them.
const EXTERNAL = /^(react|react-dom|zustand|idb-keyval)(\/|$)|^@radix-ui\//;

/** Ships the theme stylesheet as dist/question-dock.css, even when no module imports it. */
function emitStylesheet(): Plugin {
  return {
    name: "question-dock:emit-stylesheet",
    apply: "build",
    generateBundle(_options, bundle) {
      if (STYLESHEET_OUT in bundle) return;
      const file = fromRoot(STYLESHEET);
      if (!existsSync(file)) this.error(`${STYLESHEET} is missing; the library ships it as dist/${STYLESHEET_OUT}`);
      this.emitFile({ type: "asset", fileName: STYLESHEET_OUT, source: readFileSync(file, "utf8") });
    },
  };
}

/** Writes dist/types/**.d.ts with tsc after a successful bundle (no extra dependency). */
function emitDeclarations(): Plugin {
  let bundled = false;
  return {
    name: "question-dock:emit-declarations",
    apply: "build",
    writeBundle() {
      bundled = true;
    },
    closeBundle() {
      if (!bundled) return;
      const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
      const result = spawnSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });
      if (result.status !== 0) throw new Error("tsc -p tsconfig.build.json failed; see the errors above");
    },
  };
}

export default defineConfig(({ mode }) => {
  if (mode === "lib") {
    return {
      plugins: [react(), emitStylesheet(), emitDeclarations()],
      publicDir: false,
      build: {
        outDir: "dist",
        emptyOutDir: true,
        sourcemap: true,
        target: "es2022",
        // Separate entries keep the simulated gateway and every language but English out of the main bundle, and
        // give protocol-only hosts their own.
        lib: {
          entry: {
            index: fromRoot("src/index.ts"),
            protocol: fromRoot("src/protocol/index.ts"),
            simulated: fromRoot("src/simulated/index.ts"),
            "locales/de": fromRoot("src/messages/de.ts"),
          },
          formats: ["es"],
          cssFileName: "question-dock",
        },
        rolldownOptions: { external: (id: string) => EXTERNAL.test(id) },
      },
    };
  }

  // The playground (index.html); `--mode bench` builds the benchmark page instead.
  const bench = mode === "bench";
  return {
    plugins: [react()],
    server: { host: "127.0.0.1", port: 5173, strictPort: true },
    preview: { host: "127.0.0.1", port: 4173, strictPort: true },
    build: {
      outDir: bench ? "dist-bench" : "dist-playground",
      emptyOutDir: true,
      cssTarget: CSS_TARGET,
      sourcemap: true,
      rolldownOptions: {
        input: bench ? fromRoot("bench/browser/index.html") : fromRoot("index.html"),
      },
    },
  };
});
