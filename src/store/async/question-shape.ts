// An async (Codex) question's request id in the dock, which tells it from a gateway question's.
const ASYNC_PREFIX = "async:";

/** The request id of an async question in the dock. */
export const asyncRequestId = (itemId: string) => `${ASYNC_PREFIX}${itemId}`;

/** The async question a request id names, or undefined for a gateway question. */
export const asyncItemOf = (requestId: string): string | undefined => (requestId.startsWith(ASYNC_PREFIX) ? requestId.slice(ASYNC_PREFIX.length) : undefined);
