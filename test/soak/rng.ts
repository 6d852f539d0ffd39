// Seeded randomness for the soak (mulberry32): the same seed draws the same faults in the same order.

/** A seeded source of numbers in [0, 1) with a few helpers. */
export interface Rng {
  seed: number;
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** A key drawn with the given weights. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
  chance(p: number): boolean;
}

/** A fresh seed when none is given: printed by the soak so a run can be repeated. */
export function seedFrom(value: string | undefined): number {
  const n = value === undefined || value === "" ? Date.now() % 2 ** 31 : Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`SOAK_SEED must be a non-negative integer, not "${value}"`);
  return n >>> 0;
}

/** A mulberry32 generator from `seed`. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    seed,
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted: (weights) => {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [key, w] of entries) {
        roll -= w;
        if (roll < 0) return key;
      }
      return entries[entries.length - 1]![0];
    },
    chance: (p) => next() < p,
  };
  return rng;
}
