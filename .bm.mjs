import { build } from "esbuild";
import { brotliCompressSync } from "node:zlib";
const root = process.cwd() + "/";
const names = process.argv.slice(2);
const EXTERNAL = ["react","react/*","react-dom","react-dom/*","zustand","zustand/*","@radix-ui/react-radio-group","use-sync-external-store","use-sync-external-store/*","idb-keyval"];
const r = await build({ stdin:{contents:`export { ${names.join(", ")} } from "./src/index.ts";`, resolveDir: root, loader:"ts"}, absWorkingDir: root, bundle:true, write:false, format:"esm", metafile:true, outdir:"out", external:EXTERNAL, minify:true, logLevel:"silent", loader: {".css":"empty"} });
const out = r.outputFiles[0].contents;
console.log("total min", out.length, "brotli", brotliCompressSync(out).length);
const [o] = Object.values(r.metafile.outputs);
const byDir = {};
for (const [p, i] of Object.entries(o.inputs)) { const d = p.split("/").slice(0, p.startsWith("src/store/") ? 3 : 2).join("/"); byDir[d] = (byDir[d]||0) + i.bytesInOutput; }
console.log(Object.entries(byDir).sort((a,b)=>b[1]-a[1]).map(([d,b])=>`${b}\t${d}`).join("\n"));
const top = Object.entries(o.inputs).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput).slice(0,25).map(([p,i])=>`${i.bytesInOutput}\t${p}`).join("\n");
console.log(top);
