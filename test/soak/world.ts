// Everything one soak run shares: the real gateway (restarted only for restart faults), the fault proxy in front
// of it, an admin client that logs every `question.resolved` as the gateway's truth, and the pages, each watched
// for the `question.resolve` frames it sends and the replies it gets; and for the async episodes, a real gateway
// with the Codex plugin, with a fault proxy and an admin client of its own. Both gateways are the soak's own, not
// the shared ones of npm test's gateway pool: the soak kills them.
import type { BrowserContext, Page } from "@playwright/test";
import { startCodexGateway, type CodexGateway } from "../gateway/codex/codex-gateway";
import { ensureGatewayRuntime, startRealGateway, type RealGateway } from "../gateway/harness";
import type { RawClient } from "../gateway/raw-client";
import { GatewayRequestError, connectRaw } from "../gateway/raw-client";
import { startFaultProxy, type FaultProxy } from "./fault-proxy";
import type { AnswerMap, GatewayTruth } from "./ledger";

/** A gateway question record, as far as the soak reads it. */
export interface GatewayRecord {
  id: string;
  status: "pending" | "answered" | "cancelled" | "expired";
  answers?: { answers: AnswerMap };
  resolvedBy?: string;
  runId?: string;
  expiresAtMs?: number;
}

/** One `question.resolve` a page sent, and whether an ok reply came back to it. */
export interface SentResolve {
  page: string;
  reqId: string;
  id: string;
  resolvedBy?: string;
  cancel: boolean;
  answers?: AnswerMap;
  ok?: boolean;
  errorReason?: string;
}

/** A page of the soak with what it sent. */
export interface SoakPage {
  name: string;
  page: Page;
  errors: string[];
  /** Loads of the page so far (a reload adds one): a summary may only be missing after a reload. */
  loads: number;
}

/** The Codex gateway of the async episodes, behind a fault proxy of its own. */
export interface CodexSide {
  gw: CodexGateway;
  proxy: FaultProxy;
  admin(): RawClient;
  restartGateway(): Promise<void>;
}

/** The shared state of a soak run. */
export interface World {
  gw: RealGateway;
  proxy: FaultProxy;
  codex: CodexSide;
  admin(): RawClient;
  restarts: number;
  restartGateway(): Promise<void>;
  /** Terminal records seen through events (with `resolvedBy` from a `question.get` made at once), by id. */
  terminal: Map<string, GatewayRecord>;
  resolvedCount: Map<string, number>;
  sent: SentResolve[];
  /** Opens a page on the playground through the proxy. */
  openPage(context: BrowserContext, name: string): Promise<SoakPage>;
  watch(page: Page, name: string): SoakPage;
  /** question.get, or the truth log when the gateway lost the record in a restart. */
  truthOf(id: string): Promise<GatewayTruth>;
  close(): Promise<void>;
}

/** Where the built playground is served. */
const SOAK_PORT = Number(process.env["SOAK_PORT"] ?? 4284);

// A page reconnects at most this long after its gateway is back. The kit's default backoff grows to 30 s while a
// restarted gateway is down (20 to 150 s), so a restart episode would mostly wait out the last delay, not the page.
const PAGE_BACKOFF_MAX_MS = 2_000;

/** The playground on `gateway` (a fault proxy's URL), signed in with `token`, showing `session`. */
export function playgroundUrl(gateway: string, token: string, session: string): string {
  const params = new URLSearchParams({ gateway, token, session, backoffMaxMs: String(PAGE_BACKOFF_MAX_MS) });
  return `http://127.0.0.1:${SOAK_PORT}/?${params.toString()}`;
}

/** Starts the gateways, the proxies and the admin clients. */
export async function startWorld(): Promise<World> {
  ensureGatewayRuntime();
  // A restart is a kill: a pending question makes the gateway drain for minutes, so SIGKILL follows soon.
  const [gw, codexGw] = await Promise.all([startRealGateway({ stopGraceMs: 300 }), startCodexGateway({ stopGraceMs: 300 })]);
  const proxy = await startFaultProxy(gw.url);
  const codexProxy = await startFaultProxy(codexGw.url);
  const connectCodexAdmin = () => connectRaw(codexGw.url, codexGw.token, { retryForMs: 300_000, requestTimeoutMs: 60_000 });
  let codexAdmin = await connectCodexAdmin();
  const terminal = new Map<string, GatewayRecord>();
  const resolvedCount = new Map<string, number>();
  const sent: SentResolve[] = [];
  let admin: RawClient;

  const connectAdmin = async () => {
    admin = await connectRaw(gw.url, gw.token, { retryForMs: 120_000, requestTimeoutMs: 60_000 });
    const mine = admin;
    mine.onEvent((ev) => {
      if (ev.event !== "question.resolved") return;
      const p = ev.payload as GatewayRecord;
      resolvedCount.set(p.id, (resolvedCount.get(p.id) ?? 0) + 1);
      terminal.set(p.id, { ...terminal.get(p.id), ...p });
      mine
        .request<{ question: GatewayRecord }>("question.get", { id: p.id }, { timeoutMs: 10_000 })
        .then((r) => terminal.set(p.id, r.question))
        .catch(() => undefined);
    });
  };
  await connectAdmin();

  const watch = (page: Page, name: string): SoakPage => {
    const sp: SoakPage = { name, page, errors: [], loads: 0 };
    page.on("pageerror", (err) => sp.errors.push(err.message));
    page.on("load", () => {
      sp.loads += 1;
    });
    page.on("websocket", (ws) => {
      const mineById = new Map<string, SentResolve>();
      ws.on("framesent", (f) => {
        const frame = safeParse(f.payload);
        if (frame?.["type"] !== "req" || frame["method"] !== "question.resolve") return;
        const params = (frame["params"] ?? {}) as { id?: string; resolvedBy?: string; cancel?: boolean; answers?: { answers?: AnswerMap } };
        const entry: SentResolve = {
          page: name,
          reqId: String(frame["id"]),
          id: String(params.id),
          ...(params.resolvedBy ? { resolvedBy: params.resolvedBy } : {}),
          cancel: params.cancel === true,
          ...(params.answers?.answers ? { answers: params.answers.answers } : {}),
        };
        sent.push(entry);
        mineById.set(entry.reqId, entry);
      });
      ws.on("framereceived", (f) => {
        const frame = safeParse(f.payload);
        if (frame?.["type"] !== "res") return;
        const entry = mineById.get(String(frame["id"]));
        if (!entry || entry.ok !== undefined) return;
        entry.ok = frame["ok"] === true;
        const err = frame["error"] as { details?: { reason?: string } } | undefined;
        if (err?.details?.reason) entry.errorReason = err.details.reason;
      });
    });
    return sp;
  };

  const world: World = {
    gw,
    proxy,
    codex: {
      gw: codexGw,
      proxy: codexProxy,
      admin: () => codexAdmin,
      async restartGateway() {
        await codexAdmin.close().catch(() => undefined);
        await codexGw.restart();
        world.restarts += 1;
        codexAdmin = await connectCodexAdmin();
      },
    },
    admin: () => admin,
    restarts: 0,
    terminal,
    resolvedCount,
    sent,
    async restartGateway() {
      await admin.close().catch(() => undefined);
      await gw.restart();
      world.restarts += 1;
      await connectAdmin();
    },
    watch,
    async openPage(context, name) {
      const page = await context.newPage();
      const sp = watch(page, name);
      await page.goto(playgroundUrl(proxy.url, gw.token, "main"));
      return sp;
    },
    async truthOf(id) {
      const resolvedEvents = resolvedCount.get(id) ?? 0;
      try {
        const r = await admin.request<{ question: GatewayRecord }>("question.get", { id }, { timeoutMs: 30_000 });
        return truthFrom(r.question, resolvedEvents, false);
      } catch (err) {
        if (!(err instanceof GatewayRequestError && err.details?.["reason"] === "QUESTION_NOT_FOUND")) throw err;
        const seen = terminal.get(id) ?? acknowledgedRecord(id, sent);
        return seen ? truthFrom(withInferredResolver(seen, sent), resolvedEvents, true) : { status: "gone", resolvedEvents };
      }
    },
    async close() {
      await admin.close().catch(() => undefined);
      await codexAdmin.close().catch(() => undefined);
      await proxy.close();
      await codexProxy.close();
      await Promise.all([gw.stop(), codexGw.stop()]);
    },
  };
  return world;
}

/**
 * A restart right after a resolve can wipe the record before the admin's `question.get` reads who resolved it: the
 * event alone carries no `resolvedBy`. Then the resolve that matches what was recorded names it, if exactly one
 * resolver sent that (the same answers, or a cancel for a cancelled record); else it stays unknown.
 */
function withInferredResolver(rec: GatewayRecord, sent: readonly SentResolve[]): GatewayRecord {
  if (rec.resolvedBy || (rec.status !== "answered" && rec.status !== "cancelled")) return rec;
  const same = (s: SentResolve) =>
    s.id === rec.id && s.resolvedBy !== undefined && s.ok !== false &&
    (rec.status === "cancelled" ? s.cancel : !s.cancel && JSON.stringify(sortedAnswers(s.answers)) === JSON.stringify(sortedAnswers(rec.answers?.answers)));
  const resolvers = [...new Set(sent.filter(same).map((s) => s.resolvedBy!))];
  return resolvers.length === 1 ? { ...rec, resolvedBy: resolvers[0]! } : rec;
}

/**
 * A kill right after a resolve can take the record, its event and its log line with it, before the admin sees any of
 * them. The ok reply to a page's own `question.resolve` is then the gateway's word that it recorded that resolve: a
 * question resolves once, so the first acknowledged one is the record.
 */
function acknowledgedRecord(id: string, sent: readonly SentResolve[]): GatewayRecord | undefined {
  const acked = sent.find((s) => s.id === id && s.ok === true && s.resolvedBy !== undefined);
  if (!acked) return undefined;
  return {
    id,
    status: acked.cancel ? "cancelled" : "answered",
    ...(acked.answers ? { answers: { answers: acked.answers } } : {}),
    resolvedBy: acked.resolvedBy!,
  };
}

const sortedAnswers = (a: AnswerMap | undefined) => (a ? Object.keys(a).sort().map((k) => [k, a[k]]) : undefined);

function truthFrom(rec: GatewayRecord, resolvedEvents: number, fromLog: boolean): GatewayTruth {
  return {
    status: rec.status,
    ...(rec.answers ? { answers: rec.answers.answers } : {}),
    ...(rec.resolvedBy ? { resolvedBy: rec.resolvedBy } : {}),
    resolvedEvents,
    ...(fromLog ? { fromLogBeforeRestart: true } : {}),
  };
}

function safeParse(payload: string | Buffer): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(String(payload));
    return v && typeof v === "object" ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
