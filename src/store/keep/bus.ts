import type { PaneBus, PaneMessage } from "../outbox/entry";

// One bus of the page: the listeners it was given.
type Member = Set<(message: PaneMessage) => void>;
// The buses of one name, and the page's one BroadcastChannel for it: a second one would hear the first and double every message.
type Channel = { members: Set<Member>; remote?: BroadcastChannel };

const channels = new Map<string, Channel>();

const TABLES: ReadonlySet<string> = new Set(["draft", "outbox", "reopen"]);

/** True for something shaped like a `PaneMessage`; other tabs are same-origin but may run another version of the kit. */
export function isPaneMessage(value: unknown): value is PaneMessage {
  const m = value as Partial<PaneMessage> | null;
  return typeof m === "object" && m !== null && typeof m.table === "string" && TABLES.has(m.table) && typeof m.scope === "string" && typeof m.id === "string";
}

// Asynchronous like BroadcastChannel, so a pane never reacts inside the sender's own state update, and one apiece,
// so one pane's failing listener does not keep the message from the others.
function fanOut(channel: Channel, message: PaneMessage, sender?: Member): void {
  for (const member of channel.members) {
    if (member !== sender) queueMicrotask(() => channel.members.has(member) && [...member].forEach((listener) => listener(message)));
  }
}

function openChannel(name: string): Channel {
  const channel: Channel = { members: new Set() };
  channels.set(name, channel);
  try {
    channel.remote = new BroadcastChannel(name);
    channel.remote.onmessage = (event: MessageEvent) => isPaneMessage(event.data) && fanOut(channel, event.data);
  } catch {
    // No BroadcastChannel here: the bus reaches this page's panes only.
  }
  return channel;
}

/** Opens a bus to every other pane of this name: same-page buses directly, other tabs through BroadcastChannel. */
export function createPaneBus(channelName = "openclaw-question-dock"): PaneBus {
  const shared = channels.get(channelName) ?? openChannel(channelName);
  const self: Member = new Set();
  shared.members.add(self);
  let closed = false;

  return {
    post(message) {
      if (closed) return;
      fanOut(shared, message, self);
      try {
        shared.remote?.postMessage(message);
      } catch {
        // A message that cannot be cloned stays on this page; the other tabs catch up from storage on reload.
      }
    },
    subscribe(listener) {
      self.add(listener);
      return () => self.delete(listener);
    },
    close() {
      if (closed) return;
      closed = true;
      self.clear();
      shared.members.delete(self);
      if (shared.members.size > 0) return;
      shared.remote?.close();
      channels.delete(channelName);
    },
  };
}
