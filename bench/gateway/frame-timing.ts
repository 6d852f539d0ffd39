// Injected into a page before its own scripts (Playwright addInitScript), the same for the kit's playground and
// for OpenClaw's Control UI: it notes when the first frame carrying a question's text reaches the page's
// WebSocket, and times from there to the first paint after that text is in the DOM, shadow roots included.
// Self-contained: it is serialised into the page, so it may use nothing from outside its own body.

/** What the timing script leaves on `window.frameTiming`. */
export interface FrameTimingApi {
  /** True once the page's gateway connection said hello-ok. */
  connected: boolean;
  /** Starts watching for `text`; call (and await) before the question is asked, so no frame can come first. */
  arm(text: string): void;
  /** Resolves with ms from the first frame carrying the armed text to the paint that shows it. */
  result(timeoutMs: number): Promise<number>;
}

/** Installs `window.frameTiming`; pass to `page.addInitScript`. */
export function installFrameTiming(): void {
  const frames = new Map<string, number>();
  let pending: { text: string; done(paintedAt: number): void } | undefined;
  let outcome: Promise<number> | undefined;
  const api: FrameTimingApi = {
    connected: false,
    arm(text) {
      outcome = new Promise((resolve) => {
        pending = { text, done: (paintedAt) => resolve(paintedAt - frames.get(text)!) };
      });
    },
    result(timeoutMs) {
      const text = pending?.text;
      return Promise.race([
        outcome ?? Promise.reject(new Error("nothing is armed")),
        new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`"${text}" was not painted within ${timeoutMs} ms`)), timeoutMs)),
      ]);
    },
  };
  (window as unknown as { frameTiming: FrameTimingApi }).frameTiming = api;

  const paintThen = (fn: (at: number) => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => fn(performance.now());
      channel.port2.postMessage(null);
    });
  // Every root text can live in: the document and each shadow root. A change is searched for across all of
  // them, not in the changed node alone, since a page may build the text in pieces or update a node in place.
  const roots = new Set<Node>();
  const shown = (text: string) => Array.from(roots).some((root) => (root === document ? document.body?.textContent : root.textContent)?.includes(text));
  const observer = new MutationObserver(() => {
    if (!pending || !frames.has(pending.text) || !shown(pending.text)) return;
    const { done } = pending;
    pending = undefined;
    paintThen(done);
  });
  const observe = (root: Node) => {
    roots.add(root);
    observer.observe(root, { subtree: true, childList: true, characterData: true });
  };
  observe(document);
  // A Lit page renders into shadow roots, which a document observer does not see.
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init: ShadowRootInit) {
    const root = attachShadow.call(this, init);
    observe(root);
    return root;
  };

  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      // Added before the page's own listeners, so this runs first for each frame.
      this.addEventListener("message", (event: MessageEvent) => {
        if (typeof event.data !== "string") return;
        if (event.data.includes('"hello-ok"')) api.connected = true;
        // The first frame that carries the text, whatever its event: a page may learn of a question another way first.
        if (pending && !frames.has(pending.text) && event.data.includes(JSON.stringify(pending.text).slice(1, -1))) frames.set(pending.text, performance.now());
      });
    }
  };
}
