import { build } from "esbuild";
const root = process.cwd() + "/";
const names = process.argv.slice(2);
const EXTERNAL = ["react","react/*","react-dom","react-dom/*","zustand","zustand/*","@radix-ui/react-radio-group","use-sync-external-store","use-sync-external-store/*","idb-keyval"];
const r = await build({ stdin:{contents:`export { ${names.join(", ")} } from "./src/index.ts";`, resolveDir: root, loader:"ts"}, absWorkingDir: root, bundle:true, write:false, format:"esm", metafile:true, outdir:"out", external:EXTERNAL, minify:true, logLevel:"silent", loader: {".css":"empty"} });
const [o] = Object.values(r.metafile.outputs);
console.log(Object.entries(o.inputs).filter(([p])=>p.startsWith(process.argv[1].includes("x")?"":"src/")).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput).map(([p,i])=>`${i.bytesInOutput}\t${p}`).join("\n"));
