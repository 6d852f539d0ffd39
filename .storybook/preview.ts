import type { Decorator, Preview } from "@storybook/react-vite";
import "../src/styles/question-dock.css";

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
