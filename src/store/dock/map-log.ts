// An append-only log whose versions share one growing array, each seeing its own prefix: O(1) per change, a new
// object per version (views select by identity), and an older version never changes under a reader.

interface Shared<V> {
  ids: string[];
  /** undefined: the id's value was dropped at this point. */
  values: (V | undefined)[];
  /** The position of the same id's entry before each one, -1 for its first. */
  earlier: number[];
  /** Each id's newest position. */
  latest: Map<string, number>;
}

/** A table by id that reads like a ReadonlyMap in the order ids were added, and changes only by returning a new log. */
export class MapLog<V> implements ReadonlyMap<string, V> {
  private constructor(
    private readonly shared: Shared<V>,
    /** How many entries of the shared arrays this version sees; also a version number that only grows. */
    readonly length: number,
    readonly size: number,
  ) {}

  static empty<V>(): MapLog<V> {
    return new MapLog<V>({ ids: [], values: [], earlier: [], latest: new Map() }, 0, 0);
  }

  /** `map` itself when it is a log, else a log of its entries (a state a test or a host's setState made). */
  static of<V>(map: ReadonlyMap<string, V>): MapLog<V> {
    return map instanceof MapLog ? map : [...map].reduce((log, [id, value]) => log.with(id, value), MapLog.empty<V>());
  }

  /** A new log where `id` has `value` (undefined: none; this log itself when it had none); a kept id keeps its place. */
  with(id: string, value: V | undefined): MapLog<V> {
    const had = this.has(id);
    if (value === undefined && !had) return this;
    // A newer version already grew the arrays, or most of them are dropped entries: start again from this version's.
    if (this.shared.ids.length !== this.length || this.length > 4 * this.size + 64) return MapLog.of(new Map(this)).with(id, value);
    const { ids, values, earlier, latest } = this.shared;
    ids.push(id);
    values.push(value);
    // Older versions read only positions below their own length, so growing the arrays in place is safe.
    earlier.push(latest.get(id) ?? -1);
    latest.set(id, this.length);
    return new MapLog(this.shared, this.length + 1, this.size + (value === undefined ? 0 : 1) - (had ? 1 : 0));
  }

  /** The position of the newest entry of `id` this version sees, or -1. */
  private last(id: string): number {
    let p = this.shared.latest.get(id) ?? -1;
    while (p >= this.length) p = this.shared.earlier[p]!;
    return p;
  }

  get(id: string): V | undefined {
    const p = this.last(id);
    return p < 0 ? undefined : this.shared.values[p];
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Ids in the order they were added; one that was dropped and added again counts from its new place. */
  *keys(): MapIterator<string> {
    const { ids, values, earlier } = this.shared;
    for (let i = 0; i < this.length; i++) {
      // Listed at the first position after its latest drop, if it still has a value.
      let start = values[i] === undefined ? -1 : this.last(ids[i]!);
      if (start < 0 || values[start] === undefined) continue;
      while (earlier[start]! >= 0 && values[earlier[start]!] !== undefined) start = earlier[start]!;
      if (start === i) yield ids[i]!;
    }
  }

  *values(): MapIterator<V> {
    for (const id of this.keys()) yield this.get(id)!;
  }

  *entries(): MapIterator<[string, V]> {
    for (const id of this.keys()) yield [id, this.get(id)!];
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(fn: (value: V, key: string, map: ReadonlyMap<string, V>) => void): void {
    for (const [id, value] of this.entries()) fn(value, id, this);
  }
}
