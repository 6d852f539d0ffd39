import { describe, expect, it } from "vitest";
import { inlineArrowDelta, inlineDirectionOf, keyboardIntent, keyTargetKind, type KeyInput } from "../../src/hooks/keyboard-intent";

function el(html: string): Element {
  const host = document.createElement("div");
  host.innerHTML = html;
  document.body.append(host);
  return host.querySelector("[data-target]") ?? host.firstElementChild!;
}

function press(key: string, target: Element, mods: Partial<KeyInput> = {}): KeyInput {
  return { key, ctrlKey: false, altKey: false, metaKey: false, shiftKey: false, target, ...mods };
}

const ctx = { optionCount: 3, hasOther: true };

describe("keyboardIntent", () => {
  describe("Digit keys", () => {
    const panel = () => el(`<div tabindex="-1" data-target></div>`);

    it("picks option N for digit N", () => {
      expect(keyboardIntent(press("1", panel()), ctx)).toEqual({ type: "pick", index: 0 });
      expect(keyboardIntent(press("3", panel()), ctx)).toEqual({ type: "pick", index: 2 });
    });

    it("focuses Other for digit N+1, only when the question takes free text", () => {
      expect(keyboardIntent(press("4", panel()), ctx)).toEqual({ type: "focusOther" });
      expect(keyboardIntent(press("4", panel()), { optionCount: 3, hasOther: false })).toBeNull();
    });

    it("ignores digits beyond N+1 and zero", () => {
      expect(keyboardIntent(press("5", panel()), ctx)).toBeNull();
      expect(keyboardIntent(press("0", panel()), ctx)).toBeNull();
    });

    it("picks from a focused choice and from an action button", () => {
      expect(keyboardIntent(press("2", el(`<button role="radio" data-target>A</button>`)), ctx)).toEqual({ type: "pick", index: 1 });
      expect(keyboardIntent(press("2", el(`<input type="checkbox" data-target>`)), ctx)).toEqual({ type: "pick", index: 1 });
      expect(keyboardIntent(press("2", el(`<button data-target>Skip</button>`)), ctx)).toEqual({ type: "pick", index: 1 });
    });

    it("leaves digits to text fields: textarea, text input and contenteditable", () => {
      expect(keyboardIntent(press("1", el(`<textarea data-target></textarea>`)), ctx)).toBeNull();
      expect(keyboardIntent(press("1", el(`<input type="text" data-target>`)), ctx)).toBeNull();
      expect(keyboardIntent(press("1", el(`<input type="password" data-target>`)), ctx)).toBeNull();
      expect(keyboardIntent(press("1", el(`<div contenteditable="true"><span data-target>x</span></div>`)), ctx)).toBeNull();
    });

    it("ignores digits with Ctrl, Alt or Meta held", () => {
      for (const mod of ["ctrlKey", "altKey", "metaKey"] as const) {
        expect(keyboardIntent(press("1", panel(), { [mod]: true }), ctx)).toBeNull();
      }
    });

    it("ignores digits during IME composition, by flag or by keyCode 229", () => {
      expect(keyboardIntent(press("1", panel(), { isComposing: true }), ctx)).toBeNull();
      expect(keyboardIntent(press("1", panel(), { keyCode: 229 }), ctx)).toBeNull();
    });
  });

  describe("Enter key", () => {
    it("continues on Ctrl+Enter and Meta+Enter from the panel, a choice and the answer field", () => {
      for (const target of [el(`<div data-target></div>`), el(`<button role="radio" data-target>A</button>`), el(`<textarea data-target></textarea>`)]) {
        expect(keyboardIntent(press("Enter", target, { ctrlKey: true }), ctx)).toEqual({ type: "continue" });
        expect(keyboardIntent(press("Enter", target, { metaKey: true }), ctx)).toEqual({ type: "continue" });
      }
    });

    it("leaves plain Enter alone, so it adds a line in Other", () => {
      expect(keyboardIntent(press("Enter", el(`<textarea data-target></textarea>`)), ctx)).toBeNull();
    });

    it("keeps native Enter on links, file pickers and action buttons, even with Ctrl held", () => {
      for (const html of [`<a href="https://example.com" data-target>x</a>`, `<input type="file" data-target>`, `<button data-target>Skip</button>`]) {
        expect(keyboardIntent(press("Enter", el(html), { ctrlKey: true }), ctx)).toBeNull();
        expect(keyboardIntent(press("Enter", el(html)), ctx)).toBeNull();
      }
    });

    it("does nothing during IME composition", () => {
      expect(keyboardIntent(press("Enter", el(`<textarea data-target></textarea>`), { ctrlKey: true, isComposing: true }), ctx)).toBeNull();
    });
  });

  describe("Escape key", () => {
    it("collapses from anywhere, the answer field included", () => {
      expect(keyboardIntent(press("Escape", el(`<textarea data-target></textarea>`)), ctx)).toEqual({ type: "collapse" });
      expect(keyboardIntent(press("Escape", el(`<div data-target></div>`)), ctx)).toEqual({ type: "collapse" });
    });

    it("does not collapse while an input method composes", () => {
      expect(keyboardIntent(press("Escape", el(`<textarea data-target></textarea>`), { isComposing: true }), ctx)).toBeNull();
    });
  });

  describe("Space and other keys", () => {
    it("never claims Space, letters or arrows outside the request arrows", () => {
      for (const key of [" ", "a", "ArrowDown", "ArrowLeft", "ArrowRight", "Tab"]) expect(keyboardIntent(press(key, el(`<div data-target></div>`)), ctx)).toBeNull();
      expect(keyboardIntent(press("ArrowLeft", el(`<button role="radio" data-target>A</button>`)), { ...ctx, direction: "rtl" })).toBeNull();
    });
  });

  describe("ArrowLeft and ArrowRight on the request arrows", () => {
    const navButton = () => el(`<div role="group" data-qd-request-nav><button data-target>Next request</button></div>`);

    it("moves forward with ArrowRight and back with ArrowLeft left to right, the default", () => {
      expect(keyboardIntent(press("ArrowRight", navButton()), ctx)).toEqual({ type: "request", delta: 1 });
      expect(keyboardIntent(press("ArrowLeft", navButton()), ctx)).toEqual({ type: "request", delta: -1 });
      expect(keyboardIntent(press("ArrowRight", navButton()), { ...ctx, direction: "ltr" })).toEqual({ type: "request", delta: 1 });
    });

    it("swaps them right to left: ArrowLeft moves forward", () => {
      const rtl = { ...ctx, direction: "rtl" as const };
      expect(keyboardIntent(press("ArrowLeft", navButton()), rtl)).toEqual({ type: "request", delta: 1 });
      expect(keyboardIntent(press("ArrowRight", navButton()), rtl)).toEqual({ type: "request", delta: -1 });
    });

    it("leaves Up, Down, modified arrows and composing alone", () => {
      expect(keyboardIntent(press("ArrowUp", navButton()), ctx)).toBeNull();
      for (const mod of ["ctrlKey", "altKey", "metaKey", "shiftKey"] as const) {
        expect(keyboardIntent(press("ArrowRight", navButton(), { [mod]: true }), ctx)).toBeNull();
      }
      expect(keyboardIntent(press("ArrowRight", navButton(), { isComposing: true }), ctx)).toBeNull();
    });
  });
});

describe("inlineArrowDelta", () => {
  it("points forward along the reading direction", () => {
    expect(inlineArrowDelta("ArrowRight", "ltr")).toBe(1);
    expect(inlineArrowDelta("ArrowLeft", "ltr")).toBe(-1);
    expect(inlineArrowDelta("ArrowLeft", "rtl")).toBe(1);
    expect(inlineArrowDelta("ArrowRight", "rtl")).toBe(-1);
    expect(inlineArrowDelta("ArrowDown", "rtl")).toBeNull();
  });
});

describe("inlineDirectionOf", () => {
  it("follows the nearest dir attribute, and is ltr without one", () => {
    expect(inlineDirectionOf(el(`<div dir="rtl"><p><span data-target>x</span></p></div>`))).toBe("rtl");
    expect(inlineDirectionOf(el(`<div dir="rtl"><p dir="ltr"><span data-target>x</span></p></div>`))).toBe("ltr");
    expect(inlineDirectionOf(el(`<span data-target>x</span>`))).toBe("ltr");
    expect(inlineDirectionOf(null)).toBe("ltr");
  });
});

describe("keyTargetKind", () => {
  it("classifies where a key press starts", () => {
    expect(keyTargetKind(el(`<textarea data-target></textarea>`))).toBe("text");
    expect(keyTargetKind(el(`<button role="radio" data-target></button>`))).toBe("choice");
    expect(keyTargetKind(el(`<a href="/x"><span data-target>x</span></a>`))).toBe("native");
    expect(keyTargetKind(el(`<div data-target></div>`))).toBe("other");
    expect(keyTargetKind(null)).toBe("other");
  });
});
