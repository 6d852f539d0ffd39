import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IdSequence } from "../../../src/store/dock/id-sequence";

const HOSTILE = ["constructor", "__proto__", "toString", "hasOwnProperty", "length", "0", "", "🦜"];

// The dock's rule (the gateway's question.list order): creation time, then id by localeCompare.
function precedes(id: string, other: string, created: ReadonlyMap<string, number>) {
  return (created.get(other)! - created.get(id)! || other.localeCompare(id)) > 0;
}

function insertAll(entries: readonly (readonly [string, number])[]): IdSequence {
  const created = new Map(entries);
  let seq = IdSequence.empty();
  for (const [id] of entries) seq = seq.insertSorted(id, precedes, created);
  return seq;
}

// The same rule over a plain array: the model the sequence must agree with.
function sortedModel(entries: readonly (readonly [string, number])[]): string[] {
  return [...entries].sort(([a, ta], [b, tb]) => ta - tb || a.localeCompare(b)).map(([id]) => id);
}

const ids = (n: number, prefix = "q-") => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe("IdSequence", () => {
  it("is empty at first, and reads like an array once filled", () => {
    expect(IdSequence.empty().length).toBe(0);
    expect([...IdSequence.empty()]).toEqual([]);
    const seq = IdSequence.of(["a", "b", "c"]);
    expect(seq.length).toBe(3);
    expect([...seq]).toEqual(["a", "b", "c"]);
    expect(seq.toArray()).toEqual(["a", "b", "c"]);
    expect([seq.at(0), seq.at(2), seq.at(-1), seq.at(-3), seq.at(3), seq.at(-4)]).toEqual(["a", "c", "c", "a", undefined, undefined]);
    expect([seq.indexOf("b"), seq.lastIndexOf("b"), seq.indexOf("z"), seq.lastIndexOf("z")]).toEqual([1, 1, -1, -1]);
  });

  it("places ids by creation time, then by id, wherever they arrive", () => {
    const entries = [
      ["b", 20],
      ["a", 20],
      ["late", 30],
      ["first", 10],
      ["c", 20],
    ] as const;
    expect([...insertAll(entries)]).toEqual(["first", "a", "b", "c", "late"]);
  });

  it("treats ids such as constructor and __proto__ as ordinary ids", () => {
    const entries = HOSTILE.map((id) => [id, 5] as const);
    const seq = insertAll(entries);
    expect([...seq]).toEqual(sortedModel(entries));
    expect(seq.indexOf("__proto__")).toBe(sortedModel(entries).indexOf("__proto__"));
    expect([...seq.remove("constructor").remove("__proto__")]).toEqual(sortedModel(entries).filter((id) => id !== "constructor" && id !== "__proto__"));
  });

  it("inserts and removes at the start, the middle and the end of a sequence spanning many chunks", () => {
    const all = ids(500);
    let seq = IdSequence.empty();
    for (const id of all) seq = seq.insertAt(seq.length, id);
    expect(seq.toArray()).toEqual(all);
    seq = seq.insertAt(0, "head").insertAt(250, "middle").insertAt(Number.MAX_SAFE_INTEGER, "tail");
    const model = ["head", ...all.slice(0, 249), "middle", ...all.slice(249), "tail"];
    expect(seq.toArray()).toEqual(model);
    expect(model.map((_, i) => seq.at(i))).toEqual(model);
    expect(model.map((id) => seq.indexOf(id))).toEqual(model.map((_, i) => i));
    for (const id of ["head", "q-0", "middle", "q-300", "q-499", "tail"]) {
      seq = seq.remove(id);
      model.splice(model.indexOf(id), 1);
    }
    expect([...seq]).toEqual(model);
  });

  it("empties and refills, and removing what it does not hold returns the same sequence", () => {
    let seq = IdSequence.of(ids(100));
    expect(seq.remove("missing")).toBe(seq);
    expect(seq.removeAt(100)).toBe(seq);
    expect(seq.removeAt(-1)).toBe(seq);
    for (const id of ids(100).reverse()) seq = seq.remove(id);
    expect(seq.length).toBe(0);
    expect(seq.at(0)).toBeUndefined();
    expect([...seq.insertAt(0, "again")]).toEqual(["again"]);
  });

  it("leaves the sequence it changed as it was", () => {
    const before = IdSequence.of(ids(200));
    const inserted = before.insertAt(100, "new");
    const removed = before.remove("q-150");
    const sorted = before.insertSorted("q-0a", (id, other) => other.localeCompare(id) > 0, null);
    expect(before.toArray()).toEqual(ids(200));
    expect(before.length).toBe(200);
    expect(inserted.at(100)).toBe("new");
    expect(removed.includes("q-150")).toBe(false);
    expect([sorted.length, sorted.includes("q-0a")]).toEqual([201, true]);
  });

  it("agrees with a plain array over 20,000 seeded inserts and removals anywhere, as chunks split and merge", () => {
    let seed = 11;
    const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    let seq = IdSequence.empty();
    let model: string[] = [];
    const versions: [IdSequence, string[]][] = [];
    for (let step = 0; step < 20_000; step++) {
      // The pending count wanders between none and a few hundred, so chunks fill, split, drain and merge.
      const grow = Math.floor(step / 2_500) % 2 === 0 ? 0.7 : 0.3;
      if (model.length === 0 || next() < grow) {
        const at = Math.floor(next() * (model.length + 1));
        seq = seq.insertAt(at, `q-${step}`);
        model = model.toSpliced(at, 0, `q-${step}`);
      } else {
        const at = Math.floor(next() * model.length);
        seq = next() < 0.5 ? seq.removeAt(at) : seq.remove(model[at]!);
        model = model.toSpliced(at, 1);
      }
      if (step % 97 === 0) {
        versions.push([seq, model]);
        expect(model.map((_, i) => seq.at(i))).toEqual(model);
        expect(model.map((id) => seq.indexOf(id))).toEqual(model.map((_, i) => i));
      }
    }
    for (const [version, expected] of versions) expect(version.toArray()).toEqual(expected);
  });

  it("agrees with a plain sorted array over random arrivals and endings, and keeps every older version", () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant("arrive" as const), id: fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 4 })), at: fc.integer({ min: 0, max: 8 }) }),
      fc.record({ kind: fc.constant("end" as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const created = new Map<string, number>();
        let seq = IdSequence.empty();
        let model: string[] = [];
        const versions: [IdSequence, string[]][] = [];
        for (const o of ops) {
          if (o.kind === "arrive") {
            if (created.has(o.id)) continue;
            created.set(o.id, o.at);
            seq = seq.insertSorted(o.id, precedes, created);
            model = sortedModel([...created]);
          } else {
            if (model.length === 0) continue;
            const id = model[o.pick % model.length]!;
            created.delete(id);
            seq = seq.remove(id);
            model = model.filter((x) => x !== id);
          }
          versions.push([seq, model]);
        }
        for (const [version, expected] of versions) {
          expect(version.length).toBe(expected.length);
          expect([...version]).toEqual(expected);
        }
        expect(model.map((_, i) => seq.at(i))).toEqual(model);
        expect(model.map((id) => seq.lastIndexOf(id))).toEqual(model.map((_, i) => i));
      }),
      { numRuns: 200 },
    );
  });
});
