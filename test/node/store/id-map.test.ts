import { describe, expect, it } from "vitest";
import { IdMap } from "../../../src/store/dock/id-map";

// Two ids whose 32-bit hashes are equal, found by search: they must still be two entries.
const COLLIDING = ["q-439599", "q-622382"] as const;
const HOSTILE = ["constructor", "__proto__", "toString", "hasOwnProperty", "", "\u0000", "\u200f", "🦜"];

// A seeded generator, so a failure can be replayed.
function random(seed: number) {
  return () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

function sorted<T>(map: ReadonlyMap<string, T>) {
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

describe("IdMap", () => {
  it("agrees with a Map over 20,000 random sets and deletes, and every older version stays as it was", () => {
    const next = random(7);
    const keys = [...Array.from({ length: 400 }, (_, i) => `q-${i}`), ...COLLIDING, ...HOSTILE];
    let map = IdMap.empty<number>();
    const model = new Map<string, number>();
    const versions: { map: IdMap<number>; entries: [string, number][] }[] = [];
    for (let step = 0; step < 20_000; step++) {
      const key = keys[Math.floor(next() * keys.length)]!;
      if (next() < 0.55) {
        map = map.set(key, step);
        model.set(key, step);
      } else {
        map = map.delete(key);
        model.delete(key);
      }
      expect(map.get(key)).toBe(model.get(key));
      expect(map.has(key)).toBe(model.has(key));
      expect(map.size).toBe(model.size);
      if (step % 997 === 0) versions.push({ map, entries: sorted(model) });
    }
    expect(sorted(map)).toEqual(sorted(model));
    for (const version of versions) expect(sorted(version.map)).toEqual(version.entries);
  });

  it("keeps keys with equal hashes apart, and deletes one without the other", () => {
    const both = IdMap.of([
      [COLLIDING[0], "first"],
      [COLLIDING[1], "second"],
    ]);
    expect(both.size).toBe(2);
    expect(both.get(COLLIDING[0])).toBe("first");
    expect(both.get(COLLIDING[1])).toBe("second");
    const one = both.delete(COLLIDING[0]);
    expect([...one]).toEqual([[COLLIDING[1], "second"]]);
    expect(one.delete(COLLIDING[0])).toBe(one);
  });

  it("treats prototype names as ordinary ids", () => {
    const map = IdMap.empty<string>().set("__proto__", "a").set("constructor", "b");
    expect(map.get("__proto__")).toBe("a");
    expect(map.get("constructor")).toBe("b");
    expect(map.get("toString")).toBeUndefined();
    expect(map.has("hasOwnProperty")).toBe(false);
  });

  it("returns itself for a change that changes nothing", () => {
    const value = { n: 1 };
    const map = IdMap.of([["a", value]]);
    expect(map.set("a", value)).toBe(map);
    expect(map.delete("b")).toBe(map);
    expect(map.set("a", { n: 1 })).not.toBe(map);
  });
});
