import { afterEach, describe, expect, it, vi } from "vitest";
import type { ConnectionInfo, GatewayConnection } from "../../../src/gateway/connection";
import type { HelloOk, QuestionRecord } from "../../../src/protocol";
import { createQuestionDockStore } from "../../../src/store";
import { submitFailureOf } from "../../../src/store/effects/gateway-sync";
import { defaultMessages } from "../../../src/messages";
import { GatewayRequestError } from "../../../src/gateway/connection";

const SESSION = "agent:main:guest";
const question = { questionId: "target", header: "Target", question: "Where to?", options: [{ label: "A" }, { label: "B" }] };
const record = (id: string, extra: Partial<QuestionRecord>): QuestionRecord => ({ id, questions: [question], createdAtMs: 1, expiresAtMs: Date.now() + 60_000, status: "pending", ...extra });

// A connection that delivers whatever it is given, as a proxy or an older gateway might: the dock must still screen it.
function connection(scopes: string[], listed: QuestionRecord[]): GatewayConnection & { gap(): void } {
  const gaps: Array<() => void> = [];
  const hello = { scopes, mainSessionKey: "agent:main:main", server: { bootId: "b" } } as unknown as HelloOk;
  const info: ConnectionInfo = { state: "connected", hello, attempt: 0 };
  return {
    getConnection: () => info,
    subscribeConnection: () => () => {},
    request: (method) => Promise.resolve(method === "question.list" ? { questions: listed } : {}),
    onEvent: () => () => {},
    onConnected: () => () => {},
    onGap: (listener) => {
      gaps.push(() => listener({ expected: 1, received: 2 }));
      return () => {};
    },
    gap: () => gaps.forEach((g) => g()),
  };
}

afterEach(() => vi.restoreAllMocks());

describe("Questions a narrow connection has no privilege for", () => {
  const own = record("own", { sessionKey: SESSION, runId: "run-1", agentId: "main" });
  const secret = record("secret", { sessionKey: SESSION, runId: "run-1", questions: [{ ...question, secretStore: { name: "API_KEY", kind: "secret" } }] });
  const sessionless = record("sessionless", {});
  const admin = record("admin", { sessionKey: SESSION, agentId: "main" });
  const flagged = record("flagged", { sessionKey: SESSION, runId: "run-1", questions: [{ ...question, options: [], isOther: true, isSecret: true }] });

  it("hide a question flagged isSecret as they hide one bound to a secret store", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const store = createQuestionDockStore({ client: connection(["operator.sessions.write"], [own, flagged]), sessionKey: SESSION });
    await vi.waitFor(() => expect([...store.getState().order]).toEqual(["own"]));
    expect(store.getState().permission.hidden.map((h) => [h.id, h.reason])).toEqual([["flagged", "secret"]]);
    store.getState().actions.dispose();
  });

  it("are not shown; each reason is logged once per id and kept for the details view", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const client = connection(["operator.sessions.write"], [own, secret, sessionless, admin]);
    const store = createQuestionDockStore({ client, sessionKey: SESSION, showSessionless: true });
    await vi.waitFor(() => expect([...store.getState().order]).toEqual(["own"]));
    expect(store.getState().permission.hidden.map((h) => [h.id, h.reason])).toEqual([["secret", "secret"], ["sessionless", "sessionless"], ["admin", "admin"]]);
    expect(info).toHaveBeenCalledTimes(3);
    expect(info.mock.calls[0]?.[0]).toContain('"secret"');
    // Seeing them again (another recovery) logs nothing new.
    client.gap();
    await vi.waitFor(() => expect([...store.getState().order]).toEqual(["own"]));
    await new Promise((r) => setTimeout(r, 10));
    expect(info).toHaveBeenCalledTimes(3);
    store.getState().actions.dispose();
  });

  it("are all shown to a connection with operator.questions", async () => {
    const store = createQuestionDockStore({ client: connection(["operator.read", "operator.write", "operator.questions"], [own, secret, sessionless, admin]), sessionKey: SESSION, showSessionless: true });
    await vi.waitFor(() => expect(store.getState().order).toHaveLength(4));
    expect(store.getState().permission.hidden).toEqual([]);
  });
});

describe("A refused answer", () => {
  it("names the missing scope in words", () => {
    const error = new GatewayRequestError("question.resolve", { code: "FORBIDDEN", message: "missing scope: operator.questions", details: { code: "MISSING_SCOPE", missingScope: "operator.questions" } });
    expect(defaultMessages.submitError({ action: "answer", ...submitFailureOf(error) })).toBe("Your answer was not sent: this connection may not answer questions (missing operator.questions).");
  });
});
