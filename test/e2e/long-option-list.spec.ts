// Twenty options, as the next OpenClaw release allows: the list scrolls inside the dock instead of pushing it off
// screen, every part of the dock stays hittable, and an arrow key that moves focus keeps the focused option in view.
import type { Locator } from "@playwright/test";
import { expectDockReachable } from "./support/dock-reach";
import { storyTest } from "./support/story-test";
import { expect } from "./support/test";

const STORY = "questiondock-questions--long-option-list";
const SIZES = [
  { name: "1280×860", width: 1280, height: 860 },
  { name: "390×844", width: 390, height: 844 },
  { name: "390×400 (keyboard open)", width: 390, height: 400 },
] as const;

/** Where `el` sits against its option list's visible box and the viewport; true when it shows whole in both. */
function inView(el: Locator): Promise<boolean> {
  return el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    const list = node.closest(".qd-options")!.getBoundingClientRect();
    return r.top >= list.top - 0.5 && r.bottom <= list.bottom + 0.5 && r.top >= 0 && r.bottom <= window.innerHeight + 0.5;
  });
}

for (const size of SIZES) {
  storyTest(`at ${size.name}: the list scrolls inside the dock, which stays on screen and hittable`, async ({ show }) => {
    const page = await show(STORY, { viewport: { width: size.width, height: size.height } });
    const dock = page.getByRole("region", { name: "Questions" });
    const list = dock.getByRole("radiogroup");
    await expect(list.getByRole("radio")).toHaveCount(20);
    const m = await list.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight, dockBottom: el.closest(".qd-dock")!.getBoundingClientRect().bottom }));
    expect(m.scroll, "twenty options are taller than the list's box").toBeGreaterThan(m.client);
    expect(m.dockBottom).toBeLessThanOrEqual(size.height + 0.5);
    await expectDockReachable(dock);
  });
}

storyTest("arrow keys walk all twenty options and each one focused is in view; digits pick the first nine", async ({ show }) => {
  const page = await show(STORY, { viewport: { width: 390, height: 844 } });
  const dock = page.getByRole("region", { name: "Questions" });
  const radios = dock.getByRole("radio");
  await radios.first().click();
  for (let i = 1; i < 20; i++) {
    // Held until focus moves, as a person's key is: the radio group moves focus on its next task, and checks the
    // option it lands on only while the arrow is still down.
    await page.keyboard.down("ArrowDown");
    await expect(radios.nth(i)).toBeFocused();
    await page.keyboard.up("ArrowDown");
    await expect(radios.nth(i)).toBeChecked();
    expect(await inView(radios.nth(i)), `option ${i + 1} in view`).toBe(true);
  }
  await page.keyboard.press("ArrowDown");
  await expect(radios.first()).toBeFocused();
  expect(await inView(radios.first()), "option 1 in view again after wrapping").toBe(true);
  await page.keyboard.press("9");
  await expect(radios.nth(8)).toBeChecked();
});
