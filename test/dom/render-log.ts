// Which components React rendered in each commit, read the way React DevTools reads it: through the DevTools
// global hook, which React looks for when react-dom loads. A setup file installs it before anything imports
// React; a test starts a log, acts, and reads the component names rendered since.

interface Fiber {
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
}

// React marks a component that ran its render (and did not bail out) with this flag.
const PERFORMED_WORK = 1;

// On globalThis: with files sharing a worker, react-dom (loaded once) keeps the hook of the first file, while each
// file evaluates this module anew; both must see the same recording.
const recording = ((globalThis as { __renderLogRecording?: { log?: string[] } }).__renderLogRecording ??= {});

function nameOf(type: unknown): string | undefined {
  if (typeof type === "function") return (type as { displayName?: string }).displayName ?? type.name;
  // memo() and forwardRef() wrap the component.
  if (typeof type === "object" && type !== null) return nameOf((type as { type?: unknown }).type ?? (type as { render?: unknown }).render);
  return undefined;
}

function visit(fiber: Fiber, out: string[]): void {
  const previous = fiber.alternate;
  const name = nameOf(fiber.type);
  if (name && (previous === null || (fiber.flags & PERFORMED_WORK) !== 0)) out.push(name);
  // Children React did not clone this commit were not rendered again: their flags are from an older commit.
  if (previous !== null && fiber.child === previous.child) return;
  for (let child = fiber.child; child; child = child.sibling) visit(child, out);
}

/** Installs the hook; call before React DOM is imported (a setup file). */
export function installRenderLogHook(): void {
  if ((globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__) return;
  (globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      if (recording.log) visit(root.current, recording.log);
    },
  };
}

/** Starts recording; the returned function stops and gives each component name with how often it rendered. */
export function recordRenders(): () => Record<string, number> {
  const names: string[] = [];
  recording.log = names;
  return () => {
    recording.log = undefined;
    const counts: Record<string, number> = {};
    for (const name of names) counts[name] = (counts[name] ?? 0) + 1;
    return counts;
  };
}
