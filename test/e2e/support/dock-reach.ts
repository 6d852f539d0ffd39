// Can a person reach every part of the dock? Each control is brought into view the way focus would bring it
// (the nearest scroll), then the point at the centre of its visible part must hit the control itself:
// seen-but-covered (under a sticky footer, the composer, or off the screen) fails.
import type { Locator, Page } from "@playwright/test";
import { expect } from "./test";

/** What a hit test found at a control's centre; `hit` is true when that point belongs to the control. */
export interface HitResult {
  name: string;
  hit: boolean;
  found: string;
}

/** Scrolls `control` into view as focus would, then hit-tests the centre of its on-screen part. */
export async function hitTest(control: Locator, name: string): Promise<HitResult> {
  return control.evaluate((el, label) => {
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    const r = el.getBoundingClientRect();
    const vv = window.visualViewport;
    const top = Math.max(r.top, 0);
    const bottom = Math.min(r.bottom, vv ? vv.height : window.innerHeight);
    const left = Math.max(r.left, 0);
    const right = Math.min(r.right, vv ? vv.width : window.innerWidth);
    if (bottom - top < 1 || right - left < 1) return { name: label, hit: false, found: "(off screen)" };
    const at = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
    const describe = (n: Element | null) => (n ? `${n.tagName.toLowerCase()}.${[...n.classList].join(".")}` : "(nothing)");
    return { name: label, hit: Boolean(at && (at === el || el.contains(at))), found: describe(at) };
  }, name);
}

/** The parts of the dock a person must be able to hit: question texts, every option, Other, Skip, Next/Submit. */
export async function dockTargets(dock: Locator): Promise<{ name: string; control: Locator }[]> {
  const targets: { name: string; control: Locator }[] = [];
  const texts = dock.locator(".qd-question__text");
  for (let i = 0; i < (await texts.count()); i++) targets.push({ name: `question text ${i + 1}`, control: texts.nth(i) });
  const options = dock.locator("[role=radio], input[type=checkbox]");
  for (let i = 0; i < (await options.count()); i++) {
    const option = options.nth(i);
    // A native checkbox is tiny; the person clicks its whole label.
    const isCheckbox = (await option.getAttribute("type")) === "checkbox";
    targets.push({ name: `option ${i + 1}`, control: isCheckbox ? option.locator("xpath=ancestor::label[1]") : option });
  }
  const others = dock.getByRole("textbox", { name: "Other" });
  for (let i = 0; i < (await others.count()); i++) targets.push({ name: `Other ${i + 1}`, control: others.nth(i) });
  targets.push({ name: "Skip", control: dock.getByRole("button", { name: "Skip", exact: true }) });
  targets.push({ name: "Next/Submit", control: dock.getByRole("button", { name: /^(Next|Submit)$/ }) });
  return targets;
}

/** Asserts that every dock target can be hit at its centre; reports all misses at once. */
export async function expectDockReachable(dock: Locator): Promise<void> {
  const targets = await dockTargets(dock);
  expect(targets.length).toBeGreaterThan(3);
  const misses: HitResult[] = [];
  for (const t of targets) {
    const result = await hitTest(t.control, t.name);
    if (!result.hit) misses.push(result);
  }
  expect(misses, "dock controls whose centre is covered or off screen").toEqual([]);
}

/** Sizes of the dock and the transcript, and whether each scrolls. */
export interface LayoutMetrics {
  viewportHeight: number;
  dockHeight: number;
  dockClientHeight: number;
  dockScrollHeight: number;
  transcriptHeight: number;
  transcriptScrolls: boolean;
  pageScrollsSideways: boolean;
  dockScrollsSideways: boolean;
}

/** Measures the dock (`.qd-dock`) and the transcript slot of the page's dock layout. */
export async function layoutMetrics(page: Page): Promise<LayoutMetrics> {
  return page.evaluate(() => {
    const dock = document.querySelector<HTMLElement>(".qd-dock");
    const transcript = document.querySelector<HTMLElement>(".qd-layout__transcript");
    if (!dock || !transcript) throw new Error("no dock or transcript on the page");
    const root = document.scrollingElement ?? document.documentElement;
    const before = transcript.scrollTop;
    transcript.scrollTop = before > 0 ? 0 : 100;
    const transcriptScrolls = transcript.scrollTop !== before;
    transcript.scrollTop = before;
    return {
      viewportHeight: window.visualViewport?.height ?? window.innerHeight,
      dockHeight: dock.getBoundingClientRect().height,
      dockClientHeight: dock.clientHeight,
      dockScrollHeight: dock.scrollHeight,
      transcriptHeight: transcript.getBoundingClientRect().height,
      transcriptScrolls,
      pageScrollsSideways: root.scrollWidth > root.clientWidth,
      dockScrollsSideways: dock.scrollWidth > dock.clientWidth,
    };
  });
}

/** The viewports every long-transcript check runs at: desktop, a phone, and the phone with its keyboard open. */
export const VIEWPORTS = [
  { name: "1280×860", width: 1280, height: 860 },
  { name: "390×844", width: 390, height: 844 },
  { name: "390×400 (keyboard open)", width: 390, height: 400 },
] as const;

/** Asserts the dock is as tall as its content when that fits in 60% of the viewport, else capped there and scrolling. */
export function expectDockSized(m: LayoutMetrics): void {
  const cap = m.viewportHeight * 0.6;
  expect(m.dockHeight, "dock height vs 60% of the viewport").toBeLessThanOrEqual(cap + 1);
  if (m.dockScrollHeight <= cap - 2) {
    // Short content: nothing of the dock is hidden behind its own scroll.
    expect(m.dockScrollHeight, "short dock content is not squeezed").toBeLessThanOrEqual(m.dockClientHeight + 1);
  } else {
    // Tall content: the dock uses its whole cap (less the border) and scrolls the rest.
    expect(m.dockHeight, "tall dock fills its cap").toBeGreaterThanOrEqual(cap - 4);
  }
  expect(m.pageScrollsSideways, "page scrolls sideways").toBe(false);
  expect(m.dockScrollsSideways, "dock scrolls sideways").toBe(false);
}
