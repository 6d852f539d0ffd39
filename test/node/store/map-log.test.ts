import { describe, expect, it } from "vitest";
import type { QuestionRecord } from "../../../src/protocol";
import { MapLog } from "../../../src/store/dock/map-log";
import type { Outcome, OutcomeKind } from "../../../src/store/dock/state";

const outcome = (id: string, kind: OutcomeKind = "answered"): Outcome => ({
  kind,
  record: { id, questions: [], sessionKey: "main", createdAtMs: 0, expiresAtMs: 0, status: "answered" } as unknown as QuestionRecord,
  at: 0,
});

describe("MapLog", () => {
  it("reads like a map in the order requests ended, and a later outcome for the same request keeps its place", () => {
    const log = MapLog.empty<Outcome>().with("a", outcome("a")).with("b", outcome("b")).with("a", outcome("a", "skipped"));
    expect([...log.keys()]).toEqual(["a", "b"]);
    expect(log.get("a")?.kind).toBe("skipped");
    expect(log.size).toBe(2);
    expect(new Map(log).get("b")?.kind).toBe("answered");
  });

  it("every change is a new log; the old one still reads as it was", () => {
    const one = MapLog.empty<Outcome>().with("a", outcome("a"));
    const two = one.with("b", outcome("b"));
    const three = two.with("a", undefined);
    expect([...one.keys()]).toEqual(["a"]);
    expect([...two.keys()]).toEqual(["a", "b"]);
    expect([...three.keys()]).toEqual(["b"]);
    expect(two.has("a")).toBe(true);
    expect(three.with("nope", undefined)).toBe(three);
  });

  it("an older version that changes branches off without touching the newer one", () => {
    const base = MapLog.empty<Outcome>().with("a", outcome("a"));
    const left = base.with("b", outcome("b"));
    const right = base.with("c", outcome("c"));
    expect([...left.keys()]).toEqual(["a", "b"]);
    expect([...right.keys()]).toEqual(["a", "c"]);
    expect(left.has("c")).toBe(false);
  });

  it("a request dropped and ended again is listed at its new end", () => {
    const log = MapLog.empty<Outcome>().with("a", outcome("a")).with("b", outcome("b")).with("a", undefined).with("a", outcome("a", "expired"));
    expect([...log.entries()].map(([id, o]) => `${id}:${o.kind}`)).toEqual(["b:answered", "a:expired"]);
  });

  it("ids like __proto__ and constructor are ordinary", () => {
    const log = MapLog.empty<Outcome>().with("__proto__", outcome("__proto__")).with("constructor", outcome("constructor"));
    expect([...log.keys()]).toEqual(["__proto__", "constructor"]);
    expect(log.get("toString")).toBeUndefined();
  });

  it("reads the same after many ids were added and dropped (the log starts again from its live entries)", () => {
    let log = MapLog.empty<Outcome>().with("kept", outcome("kept"));
    const old = log;
    for (let i = 0; i < 500; i++) log = log.with(`q-${i}`, outcome(`q-${i}`)).with(`q-${i - 1}`, undefined);
    expect([...log.keys()]).toEqual(["kept", "q-499"]);
    expect(log.size).toBe(2);
    expect(log.length).toBeLessThan(100);
    expect([...old.keys()]).toEqual(["kept"]);
  });
});
