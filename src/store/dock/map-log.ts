// An append-only log whose versions share one growing array, each seeing its own prefix: O(1) per change, a new
// object per version (views select by identity), and an older version never changes under a reader.

interface Shared<V> {
  ids: string[];
  /** undefined: the id's value was dropped at this point. */
  values: (V | undefined)[];
  /** Every position of an id, ascending. */
  at: Map<string, number[]>;
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
    return new MapLog<V>({ ids: [], values: [], at: new Map() }, 0, 0);
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
    const { ids, values, at } = this.shared;
    const size = this.size + (value === undefined ? 0 : 1) - (had ? 1 : 0);
    ids.push(id);
    values.push(value);
    // Older versions read only positions below their own length, so growing the list in place is safe.
    const positions = at.get(id);
    if (positions) positions.push(this.length);
    else at.set(id, [this.length]);
    return new MapLog(this.shared, this.length + 1, size);
  }

  get(id: string): V | undefined {
    const positions = this.shared.at.get(id);
    // A loop, not findLast, and no list made for an unknown id: reads come several per event, most missing `outcomes`.
    for (let n = (positions?.length ?? 0) - 1; n >= 0; n--) if (positions![n]! < this.length) return this.shared.values[positions![n]!];
    return undefined;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Ids in the order they were added; one that was dropped and added again counts from its new place. */
  *keys(): MapIterator<string> {
    const { ids, values } = this.shared;
    for (let i = 0; i < this.length; i++) {
      const id = ids[i]!;
      if (values[i] === undefined) continue;
      // Listed at the first position after its latest drop, if it still has a value; no array per key, since
      // the transcript walks every outcome on each render.
      let start = -1;
      for (const p of this.shared.at.get(id)!) {
        if (p >= this.length) break;
        if (values[p] === undefined) start = -1;
        else if (start === -1) start = p;
      }
      if (start === i && this.has(id)) yield id;
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
