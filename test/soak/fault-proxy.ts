// A loopback WebSocket proxy between the page and the real gateway that can drop every socket, refuse new ones
// (offline), and duplicate, swap or delay frames for a while. Only frames after the handshake's reply are touched,
// so a fault never breaks the sign-in itself.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import WebSocket, { WebSocketServer, type RawData } from "ws";

/** Which way a frame rule acts: gateway → page, or page → gateway. */
export type FrameDirection = "s2c" | "c2s";

/** What a frame rule does to the frames it matches. */
export type FrameMode = "dup" | "swap" | "delay";

/** A frame fault: for `windowMs` after arming, frames going `dir` that `match` are duplicated, swapped in pairs or delayed. */
export interface FrameRule {
  dir: FrameDirection;
  mode: FrameMode;
  windowMs: number;
  /** Delay of each matched frame in `delay` mode (order is kept); the longest a frame waits for a partner in `swap` mode. */
  delayMs?: number;
  match?: (frame: Record<string, unknown>) => boolean;
}

/** Counts of what the proxy did, for the soak's report. */
export interface ProxyStats {
  connections: number;
  drops: number;
  refused: number;
  duplicated: number;
  swapped: number;
  delayed: number;
}

/** The proxy's controls. */
export interface FaultProxy {
  /** ws://127.0.0.1:PORT, for the page's `?gateway=`. */
  url: string;
  stats: ProxyStats;
  /** Terminates every open page socket and its gateway socket (the page sees 1006). */
  dropAll(): number;
  /** While offline, every new page socket is terminated at once. */
  setOffline(offline: boolean): void;
  /** Arms a frame rule; it lapses by itself after its window. */
  arm(rule: FrameRule): void;
  /** Open page sockets. */
  openCount(): number;
  /** Back online with no frame rule armed. */
  reset(): void;
  close(): Promise<void>;
}

interface Pipe {
  down: WebSocket;
  up: WebSocket;
  ready: boolean;
  held: Partial<Record<FrameDirection, { data: string; timer: NodeJS.Timeout }>>;
  chain: Record<FrameDirection, Promise<void>>;
}

function parse(data: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(data);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the proxy on a free loopback port, forwarding to `target` (ws://127.0.0.1:PORT of the gateway). */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const pipes = new Set<Pipe>();
  const rules: { rule: FrameRule; until: number }[] = [];
  const stats: ProxyStats = { connections: 0, drops: 0, refused: 0, duplicated: 0, swapped: 0, delayed: 0 };
  let offline = false;

  const server: Server = createServer((_req, res) => {
    res.writeHead(404);
    res.end();
  });
  const wss = new WebSocketServer({ server });

  const ruleFor = (dir: FrameDirection, frame: Record<string, unknown> | undefined): FrameRule | undefined => {
    const now = Date.now();
    for (let i = rules.length - 1; i >= 0; i--) if (rules[i]!.until < now) rules.splice(i, 1);
    return rules.find((r) => r.rule.dir === dir && (!r.rule.match || (frame !== undefined && r.rule.match(frame))))?.rule;
  };

  const socketOf = (pipe: Pipe, dir: FrameDirection) => (dir === "s2c" ? pipe.down : pipe.up);
  const put = (pipe: Pipe, dir: FrameDirection, data: string) => {
    const to = socketOf(pipe, dir);
    if (to.readyState === WebSocket.OPEN) to.send(data);
  };
  // Frames pass through one promise chain per direction, so a delayed frame holds back the ones after it.
  const forward = (pipe: Pipe, dir: FrameDirection, data: string) => {
    const frame = parse(data);
    const rule = pipe.ready ? ruleFor(dir, frame) : undefined;
    // The gateway's reply to `connect` ends the handshake: later frames are fair game.
    if (dir === "s2c" && frame?.["type"] === "res" && !pipe.ready) pipe.ready = true;
    pipe.chain[dir] = pipe.chain[dir].then(async () => {
      const held = pipe.held[dir];
      if (!rule) {
        if (held) {
          clearTimeout(held.timer);
          delete pipe.held[dir];
          put(pipe, dir, data);
          put(pipe, dir, held.data);
          stats.swapped += 1;
          return;
        }
        put(pipe, dir, data);
        return;
      }
      if (rule.mode === "dup") {
        put(pipe, dir, data);
        put(pipe, dir, data);
        stats.duplicated += 1;
      } else if (rule.mode === "delay") {
        await new Promise((r) => setTimeout(r, rule.delayMs ?? 500));
        put(pipe, dir, data);
        stats.delayed += 1;
      } else if (held) {
        clearTimeout(held.timer);
        delete pipe.held[dir];
        put(pipe, dir, data);
        put(pipe, dir, held.data);
        stats.swapped += 1;
      } else {
        // Held until the next frame overtakes it, or let go unswapped when none comes in time.
        const timer = setTimeout(() => {
          if (pipe.held[dir]?.data !== data) return;
          delete pipe.held[dir];
          put(pipe, dir, data);
        }, rule.delayMs ?? 400);
        pipe.held[dir] = { data, timer };
      }
    });
  };

  wss.on("connection", (down, req) => {
    if (offline) {
      stats.refused += 1;
      down.terminate();
      return;
    }
    stats.connections += 1;
    const origin = req.headers.origin;
    const up = new WebSocket(target, origin ? { headers: { origin } } : {});
    const pipe: Pipe = { down, up, ready: false, held: {}, chain: { s2c: Promise.resolve(), c2s: Promise.resolve() } };
    pipes.add(pipe);
    const early: string[] = [];
    const end = () => {
      pipes.delete(pipe);
      for (const h of Object.values(pipe.held)) clearTimeout(h.timer);
      if (down.readyState !== WebSocket.CLOSED) down.terminate();
      if (up.readyState !== WebSocket.CLOSED) up.terminate();
    };
    up.on("open", () => {
      for (const data of early.splice(0)) up.send(data);
    });
    up.on("message", (data: RawData) => forward(pipe, "s2c", String(data)));
    // A close the gateway chose (1012 on a restart) reaches the page as it was; anything else is a drop.
    up.on("close", (code, reason) => {
      pipes.delete(pipe);
      if (down.readyState === WebSocket.OPEN && code >= 1000 && code !== 1005 && code !== 1006) down.close(code, reason);
      else end();
    });
    up.on("error", end);
    down.on("message", (data: RawData) => {
      if (up.readyState === WebSocket.CONNECTING) early.push(String(data));
      else forward(pipe, "c2s", String(data));
    });
    down.on("close", end);
    down.on("error", end);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `ws://127.0.0.1:${port}`,
    stats,
    dropAll() {
      const n = pipes.size;
      for (const p of [...pipes]) {
        pipes.delete(p);
        p.down.terminate();
        p.up.terminate();
      }
      stats.drops += n;
      return n;
    },
    setOffline(value) {
      offline = value;
    },
    arm(rule) {
      rules.push({ rule, until: Date.now() + rule.windowMs });
    },
    openCount: () => pipes.size,
    reset() {
      offline = false;
      rules.length = 0;
    },
    async close() {
      for (const p of [...pipes]) {
        p.down.terminate();
        p.up.terminate();
      }
      pipes.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
