// How a host's bundler sees the kit: esbuild bundles a named import, with the peer and runtime dependencies left
// outside, as they are for the size rows.
import { fileURLToPath } from "node:url";
import { build, type BuildOptions } from "esbuild";

export const root = fileURLToPath(new URL("../../", import.meta.url));
const EXTERNAL = ["react", "react/*", "react-dom", "react-dom/*", "zustand", "zustand/*", "@radix-ui/react-radio-group", "use-sync-external-store", "use-sync-external-store/*", "idb-keyval"];
/** Bundling the whole source on a busy 2-core machine can take seconds. */
export const BUNDLE_MS = 60_000;

/** Bundles `export { ...names } from entry` (a path from the repo root) into one ES module, in memory. */
export function bundleImport(names: readonly string[], entry: string, options: BuildOptions = {}) {
  return build({
    stdin: { contents: `export { ${names.join(", ")} } from "${entry}";`, resolveDir: root, loader: "ts" },
    absWorkingDir: root,
    bundle: true,
    write: false,
    format: "esm",
    outdir: "out",
    external: EXTERNAL,
    logLevel: "silent",
    ...options,
  });
}
