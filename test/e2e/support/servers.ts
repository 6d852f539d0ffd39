// Fixed loopback addresses of what the browser specs load; playwright.config.ts starts both servers.

/** Port of `vite preview` serving the built playground (dist-playground). */
export const PLAYGROUND_PORT = Number(process.env["E2E_PLAYGROUND_PORT"] ?? 4173);

/** Port of the static server serving the built Storybook (storybook-static). */
export const STORYBOOK_PORT = Number(process.env["E2E_STORYBOOK_PORT"] ?? 6007);

/** Base URL of the built playground. */
export const PLAYGROUND_URL = `http://127.0.0.1:${PLAYGROUND_PORT}`;

/** Base URL of the built Storybook. */
export const STORYBOOK_URL = `http://127.0.0.1:${STORYBOOK_PORT}`;

/** Folder of the built playground; another one lets two checkouts of the specs run side by side. */
export const PLAYGROUND_DIR = process.env["E2E_PLAYGROUND_DIR"] ?? "dist-playground";

/** Folder of the built Storybook. */
export const STORYBOOK_DIR = process.env["E2E_STORYBOOK_DIR"] ?? "storybook-static";
