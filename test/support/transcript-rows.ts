import { screen, within } from "@testing-library/react";

/** The rows of the "Conversation" list, top to bottom: a message's text (spaces folded), or "summary: <its name>". */
export function transcriptRows(): string[] {
  const list = screen.getByRole("list", { name: "Conversation" });
  return within(list)
    .getAllByRole("listitem")
    .filter((li) => li.parentElement === list)
    .map((li) => {
      const summary = within(li).queryByRole("article");
      return summary ? `summary: ${summary.getAttribute("aria-label")}` : (li.textContent ?? "").replace(/\s+/g, " ").trim();
    });
}
