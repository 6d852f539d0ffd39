// Injected into a page before its own scripts (Playwright addInitScript), the same for the kit's playground and
// for OpenClaw's Control UI: it notes when the `question.requested` frame of the armed question reaches the page's
// WebSocket, and times from there to the first paint that shows that question's text visibly, shadow roots included.
// Self-contained: it is serialised into the page, so it may use nothing from outside its own body.

/** What the timing script leaves on `window.frameTiming`. */
export interface FrameTimingApi {
  /** True once the page's gateway connection said hello-ok. */
  connected: boolean;
  /** Starts watching for `text`; call (and await) before the question is asked, so no frame can come first. */
  arm(text: string): void;
  /** Resolves with ms from the armed question's `question.requested` frame to the paint that shows its text. */
  result(timeoutMs: number): Promise<number>;
  /** True once a `question.resolved` frame for `id` reached the page. */
  resolved(id: string): boolean;
}

/** Installs `window.frameTiming`; pass to `page.addInitScript`. */
export function installFrameTiming(): void {
  const resolvedIds = new Set<string>();
  let armed: { text: string; frameAt?: number; checking?: boolean; done(ms: number): void } | undefined;
  let outcome: Promise<number> | undefined;
  const api: FrameTimingApi = {
    connected: false,
    arm(text) {
      outcome = new Promise((resolve) => {
        armed = { text, done: resolve };
      });
    },
    result(timeoutMs) {
      const text = armed?.text;
      return Promise.race([
        outcome ?? Promise.reject(new Error("nothing is armed")),
        new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`"${text}" was not painted within ${timeoutMs} ms`)), timeoutMs)),
      ]);
    },
    resolved: (id) => resolvedIds.has(id),
  };
  (window as unknown as { frameTiming: FrameTimingApi }).frameTiming = api;

  // Every root text can live in: the document and each shadow root (a Lit page may render into them).
  const roots = new Set<Document | ShadowRoot>([document]);
  // Visible, not merely present: OpenClaw also copies the text into a hidden sidebar tooltip before its panel shows it.
  const visible = (text: string) =>
    Array.from(roots).some((root) => {
      if (!(root === document ? document.body : root)?.textContent?.includes(text)) return false;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (node.nodeValue?.includes(text) && parent?.checkVisibility({ visibilityProperty: true }) && parent.getClientRects().length > 0) return true;
      }
      return false;
    });
  // The visibility check runs in requestAnimationFrame, where the frame computes style and layout anyway; run from
  // each mutation it would force them early, several times, and bill that to the heavier page.
  const check = () => {
    const current = armed;
    if (!current || current.frameAt === undefined || current.checking) return;
    current.checking = true;
    requestAnimationFrame(() => {
      current.checking = false;
      if (armed !== current || !visible(current.text)) return;
      armed = undefined;
      // A task queued from the frame callback runs once that frame has been painted.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => current.done(performance.now() - current.frameAt!);
      channel.port2.postMessage(null);
    });
  };
  const observer = new MutationObserver(check);
  const observe = (root: Document | ShadowRoot) => {
    roots.add(root);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  };
  observe(document);
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
      // Added before the page's own listeners, so this runs first for each frame; the clock is read before parsing.
      this.addEventListener("message", (event: MessageEvent) => {
        const at = performance.now();
        if (typeof event.data !== "string" || !/"(hello-ok|question\.requested|question\.resolved)"/.test(event.data)) return;
        const frame = JSON.parse(event.data) as { type?: string; event?: string; payload?: { type?: string; id?: string; questions?: { question?: string }[] } };
        if (frame.type === "res" && frame.payload?.type === "hello-ok") api.connected = true;
        if (frame.type !== "event") return;
        if (frame.event === "question.resolved" && frame.payload?.id) resolvedIds.add(frame.payload.id);
        if (frame.event === "question.requested" && armed && armed.frameAt === undefined && frame.payload?.questions?.some((q) => q.question === armed!.text)) {
          armed.frameAt = at;
          check();
        }
      });
    }
  };
}
