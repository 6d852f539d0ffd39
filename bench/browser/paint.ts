// Page-side timing: when did a change reach the screen? All times are performance.now() milliseconds,
// the same clock as Event.timeStamp.

/**
 * Resolves just after the next paint: a task queued from requestAnimationFrame runs once the frame
 * (style, layout, paint) has been produced, so this is a tight upper bound on the paint time.
 */
export function nextPaint(): Promise<number> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    });
  });
}

/** Resolves as soon as `predicate()` holds, re-checking on every DOM mutation. */
export function whenTrue(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  if (predicate()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (!predicate()) return;
      finish();
      resolve();
    });
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`condition not met within ${timeoutMs} ms`));
    }, timeoutMs);
    function finish() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** Milliseconds from `since` until the first paint after `isPainted()` holds; also recorded as a performance measure. */
export async function paintLatency(name: string, since: number, isPainted: () => boolean): Promise<number> {
  await whenTrue(isPainted);
  const paintedAt = await nextPaint();
  performance.measure(name, { start: since, end: paintedAt });
  return paintedAt - since;
}

/** Resolves with the timeStamp of the next trusted keydown of `key`, seen before any other handler. */
export function nextKeydown(key: string): Promise<number> {
  return new Promise((resolve) => {
    const onKeydown = (event: KeyboardEvent) => {
      if (event.key !== key) return;
      window.removeEventListener("keydown", onKeydown, true);
      resolve(event.timeStamp);
    };
    window.addEventListener("keydown", onKeydown, true);
  });
}
