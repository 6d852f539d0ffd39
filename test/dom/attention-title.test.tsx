import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REGION, TARGET, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  document.title = "Chat";
  h = await startDock();
});
afterEach(() => {
  h.stop();
  document.title = "";
});

describe("The title count", () => {
  it("counts the blocking questions that wait, and gives the page its own title back after the last one", async () => {
    renderDock(h, { titleCount: true });
    expect(document.title).toBe("Chat");
    await h.ask({ questions: [TARGET] });
    await screen.findByRole("radiogroup");
    expect(document.title).toBe("(1) ❓ Chat");
    await h.ask({ questions: [REGION] });
    await expect.poll(() => document.title).toBe("(2) ❓ Chat");
    await h.user.click(screen.getByRole("button", { name: "Skip" }));
    await expect.poll(() => document.title).toBe("(1) ❓ Chat");
    await h.user.click(screen.getByRole("button", { name: "Skip" }));
    await expect.poll(() => document.title).toBe("Chat");
  });

  it("goes straight from one count to the next, never flashing the page's own title between them", async () => {
    renderDock(h, { titleCount: true });
    await h.ask({ questions: [TARGET] });
    await expect.poll(() => document.title).toBe("(1) ❓ Chat");
    const titles: string[] = [];
    // Each write of document.title puts a new text node into <title>; the records keep every one, in order.
    const watch = new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach((node) => titles.push(node.textContent ?? ""))));
    watch.observe(document.head, { subtree: true, childList: true, characterData: true });
    await h.ask({ questions: [REGION] });
    await expect.poll(() => document.title).toBe("(2) ❓ Chat");
    await Promise.resolve();
    watch.disconnect();
    expect(titles.filter((title, i) => title !== titles[i - 1])).toEqual(["(2) ❓ Chat"]);
  });

  it("gives the title back when the dock unmounts while a question waits", async () => {
    await h.ask({ questions: [TARGET] });
    const view = renderDock(h, { titleCount: true });
    expect(document.title).toBe("(1) ❓ Chat");
    view.unmount();
    expect(document.title).toBe("Chat");
  });

  it("keeps a title the host set while questions waited as the page's own", async () => {
    await h.ask({ questions: [TARGET] });
    renderDock(h, { titleCount: true });
    document.title = "Chat: deploy";
    await h.user.click(screen.getByRole("button", { name: "Skip" }));
    await expect.poll(() => h.store.getState().order.length).toBe(0);
    expect(document.title).toBe("Chat: deploy");
  });

  it("is off unless the host turns it on", async () => {
    await h.ask({ questions: [TARGET] });
    renderDock(h);
    await screen.findByRole("radiogroup");
    expect(document.title).toBe("Chat");
  });
});
