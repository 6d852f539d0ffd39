// The React versions the consumer app is installed with: the kit's own, and the oldest its peerDependencies allow.
import { lockedVersion } from "./kit.mjs";

/** One variant per React line; vite and typescript are the kit's locked versions in both. */
export function reactVariants(root) {
  const toolchain = { vite: lockedVersion(root, "vite"), typescript: lockedVersion(root, "typescript") };
  return [
    {
      name: "react 19",
      versions: {
        ...toolchain,
        react: lockedVersion(root, "react"),
        "react-dom": lockedVersion(root, "react-dom"),
        "@types/react": lockedVersion(root, "@types/react"),
        "@types/react-dom": lockedVersion(root, "@types/react-dom"),
      },
    },
    {
      // peerDependencies say react >=18.2.0; the last 18.2 typings go with it.
      name: "react 18.2",
      versions: { ...toolchain, react: "18.2.0", "react-dom": "18.2.0", "@types/react": "18.2.79", "@types/react-dom": "18.2.25" },
    },
  ];
}
