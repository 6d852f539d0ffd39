import type { Decorator, Preview } from "@storybook/react-vite";
import { configure } from "storybook/test";
import "../src/styles/question-dock.css";
import { WAIT_LIMIT_MS } from "../test/support/wait-limits";

/** The colour themes the stylesheet supports through `data-theme` on the root element. */
export const THEMES = ["light", "dark"] as const;

// The stylesheet keys its variables off <html data-theme>, so the decorator sets it on the preview document.
const withTheme: Decorator = (Story, context) => {
  const theme = context.globals["theme"] === "dark" ? "dark" : "light";
  document.documentElement.dataset["theme"] = theme;
  document.documentElement.style.colorScheme = theme;
  return Story();
};

const preview: Preview = {
  // A play's findBy… and waitFor wait for a hang (the tests' limit), not for one second (Testing Library's
  // default): on a loaded machine a focus or a re-render can take longer, and the play would fail on its way.
  beforeAll: () => {
    configure({ asyncUtilTimeout: WAIT_LIMIT_MS });
  },
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: "Colour theme (data-theme on the root element)",
      toolbar: {
        title: "Theme",
        icon: "mirror",
        items: THEMES.map((value) => ({ value, title: value === "light" ? "Light" : "Dark" })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: "light" },
};

export default preview;
