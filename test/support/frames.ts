/** Resolves after the next animation frame: the step on screen is painted, as it is before a person's deliberate key. */
export const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
