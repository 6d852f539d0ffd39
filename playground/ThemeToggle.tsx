import { useState } from "react";

type Theme = "light" | "dark";

function initialTheme(): Theme {
  const forced = document.documentElement.dataset["theme"];
  if (forced === "light" || forced === "dark") return forced;
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** A pressed/unpressed "Dark theme" button that sets `data-theme` on the page, overriding the OS preference. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(initialTheme);
  const toggle = () => {
    const next: Theme = theme === "dark" ? "light" : "dark";
    document.documentElement.dataset["theme"] = next;
    document.documentElement.style.colorScheme = next;
    setTheme(next);
  };
  return (
    <button type="button" className="pg-button" aria-pressed={theme === "dark"} onClick={toggle}>
      Dark theme
    </button>
  );
}
