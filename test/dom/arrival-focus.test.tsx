// Where keyboard focus goes when a blocking question arrives: to its first answer control once the frame showing the
// question is painted, once, however often the views render; and never away from where the person put it before that.
import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DockLayout, QuestionDock, QuestionDockProvider } from "../../src";
import { TARGET, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => {
  vi.unstubAllGlobals();
  h.stop();
});

/** The chat page with a search field beside the composer, optionally in StrictMode (effects run twice). */
function renderPage(strict = false) {
  render(
    <QuestionDockProvider store={h.store}>
      <input aria-label="Search" />
      <DockLayout dock={<QuestionDock layout="stepper" />} composer={<textarea aria-label="Message" />} />
    </QuestionDockProvider>,
    { reactStrictMode: strict },
  );
  const composer = screen.getByRole("textbox", { name: "Message" });
  composer.focus();
  return composer;
}

/** Holds every animation frame until `release`, as a busy browser would before painting. */
function holdFrames() {
  const held: FrameRequestCallback[] = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => held.push(callback));
  vi.stubGlobal("cancelAnimationFrame", (id: number) => void (held[id - 1] = () => {}));
  return { release: () => held.splice(0).forEach((callback) => callback(performance.now())) };
}

describe("Focus when a blocking question arrives", () => {
  it("goes to the question's first option once the frame showing it is painted, also when effects run twice", async () => {
    const composer = renderPage(true);
    const frames = holdFrames();
    await h.ask({ questions: [TARGET] });
    const first = await screen.findByRole("radio", { name: /Staging/ });
    // Not in the frame that shows the question: focus() there would make that frame compute style and layout first.
    await vi.advanceTimersByTimeAsync(50);
    expect(composer).toHaveFocus();
    frames.release();
    await vi.waitFor(() => expect(first).toHaveFocus());
    // Once: the person goes back to the composer, and the question stays where it is.
    composer.focus();
    await h.user.type(composer, "still here");
    expect(composer).toHaveFocus();
  });

  it("stays where the person moved it before the question was painted", async () => {
    renderPage();
    const frames = holdFrames();
    await h.ask({ questions: [TARGET] });
    await screen.findByRole("radio", { name: /Staging/ });
    const search = screen.getByRole("textbox", { name: "Search" });
    await h.user.click(search);
    frames.release();
    await vi.advanceTimersByTimeAsync(50);
    expect(search).toHaveFocus();
  });
});
