// Fills a session's saved history on the REAL gateway in seconds. A chat.send turn goes through the agent and
// takes about a second (sends made while a run is busy fold into that run), so hundreds of messages would take
// minutes; `chat.inject` (an operator.admin method the gateway keeps but does not advertise in hello-ok) appends
// one assistant message to the session's transcript in tens of milliseconds, and chat.history serves it like any
// other saved message.
import type { RawClient } from './raw-client';

/** Where and how `seedHistory` writes. */
export interface SeedHistoryOptions {
  /** Session to fill; `main` by default. */
  sessionKey?: string;
  /** Per-request timeout; 30 s by default (the first write may wait for the gateway to open its database). */
  timeoutMs?: number;
}

/** Creates the session when it does not exist yet (chat.inject refuses an unknown one); adopts it otherwise. */
export async function ensureSession(client: RawClient, { sessionKey = 'main', timeoutMs = 30_000 }: SeedHistoryOptions = {}): Promise<void> {
  await client.request('sessions.create', { key: sessionKey }, { timeoutMs });
}

/** How many messages the session's saved history holds (the whole history, not one page of it). */
export async function historyCount(client: RawClient, { sessionKey = 'main', timeoutMs = 30_000 }: SeedHistoryOptions = {}): Promise<number> {
  const h = await client.request<{ messages: unknown[]; totalMessages?: number }>('chat.history', { sessionKey, limit: 1 }, { timeoutMs });
  return h.totalMessages ?? h.messages.length;
}

/**
 * Appends `texts` to the session's transcript as assistant messages, in order (one request at a time, so the
 * saved order is the given one), creating the session first when needed. Needs a client with operator.admin.
 */
export async function seedHistory(client: RawClient, texts: readonly string[], options: SeedHistoryOptions = {}): Promise<void> {
  const { sessionKey = 'main', timeoutMs = 30_000 } = options;
  await ensureSession(client, options);
  for (const message of texts) {
    if (!message) throw new Error('chat.inject refuses an empty message');
    await client.request('chat.inject', { sessionKey, message }, { timeoutMs });
  }
}
