import { describe, expect, it } from "vitest";
import type { QuestionRecord } from "../../../src/protocol";
import { OutcomeLog } from "../../../src/store/dock/outcome-log";
import type { Outcome, OutcomeKind } from "../../../src/store/dock/state";

const outcome = (id: string, kind: OutcomeKind = "answered"): Outcome => ({
  kind,
  record: { id, questions: [], sessionKey: "main", createdAtMs: 0, expiresAtMs: 0, status: "answered" } as unknown as QuestionRecord,
  at: 0,
});

describe("OutcomeLog", () => {
  it("reads like a map in the order requests ended, and a later outcome for the same request keeps its place", () => {
    const log = OutcomeLog.empty().with("a", outcome("a")).with("b", outcome("b")).with("a", outcome("a", "skipped"));
    expect([...log.keys()]).toEqual(["a", "b"]);
    expect(log.get("a")?.kind).toBe("skipped");
    expect(log.size).toBe(2);
    expect(new Map(log).get("b")?.kind).toBe("answered");
  });

  it("every change is a new log; the old one still reads as it was", () => {
    const one = OutcomeLog.empty().with("a", outcome("a"));
    const two = one.with("b", outcome("b"));
    const three = two.without("a");
    expect([...one.keys()]).toEqual(["a"]);
    expect([...two.keys()]).toEqual(["a", "b"]);
    expect([...three.keys()]).toEqual(["b"]);
    expect(two.has("a")).toBe(true);
    expect(three.without("nope")).toBe(three);
  });

  it("an older version that changes branches off without touching the newer one", () => {
    const base = OutcomeLog.empty().with("a", outcome("a"));
    const left = base.with("b", outcome("b"));
    const right = base.with("c", outcome("c"));
    expect([...left.keys()]).toEqual(["a", "b"]);
    expect([...right.keys()]).toEqual(["a", "c"]);
    expect(left.has("c")).toBe(false);
  });

  it("a request dropped and ended again is listed at its new end", () => {
    const log = OutcomeLog.empty().with("a", outcome("a")).with("b", outcome("b")).without("a").with("a", outcome("a", "expired"));
    expect([...log.entries()].map(([id, o]) => `${id}:${o.kind}`)).toEqual(["b:answered", "a:expired"]);
  });

  it("ids like __proto__ and constructor are ordinary", () => {
    const log = OutcomeLog.empty().with("__proto__", outcome("__proto__")).with("constructor", outcome("constructor"));
    expect([...log.keys()]).toEqual(["__proto__", "constructor"]);
    expect(log.get("toString")).toBeUndefined();
  });
});
