// An append-only log whose versions share one growing array, each seeing its own prefix: O(1) per change, a new
// object per version (views select by identity), and an older version never changes under a reader.
import type { Outcome } from "./outcomes";

interface Shared {
  ids: string[];
  /** undefined: the id's outcome was dropped at this point (its request came back). */
  values: (Outcome | undefined)[];
  /** Every position of an id, ascending. */
  at: Map<string, number[]>;
}

/** The outcomes of a dock in the order they ended; reads like a ReadonlyMap, changes only by returning a new log. */
export class OutcomeLog implements ReadonlyMap<string, Outcome> {
  private constructor(
    private readonly shared: Shared,
    /** How many entries of the shared arrays this version sees; also a version number that only grows. */
    readonly length: number,
  ) {}

  /** An empty log. */
  static empty(): OutcomeLog {
    return new OutcomeLog({ ids: [], values: [], at: new Map() }, 0);
  }

  /** A new log where `id` has `outcome` (undefined: drops it); a request already in the log keeps its place. */
  with(id: string, outcome: Outcome | undefined): OutcomeLog {
    let shared = this.shared;
    if (shared.ids.length !== this.length) {
      // A newer version already grew the arrays: branch off with a copy of this version's prefix.
      const ids = shared.ids.slice(0, this.length);
      const values = shared.values.slice(0, this.length);
      const at = new Map<string, number[]>();
      ids.forEach((key, i) => at.set(key, [...(at.get(key) ?? []), i]));
      shared = { ids, values, at };
    }
    shared.ids.push(id);
    shared.values.push(outcome);
    // Older versions read only positions below their own length, so growing the list in place is safe.
    const positions = shared.at.get(id);
    if (positions) positions.push(this.length);
    else shared.at.set(id, [this.length]);
    return new OutcomeLog(shared, this.length + 1);
  }

  /** A new log without `id`, or this log when it has no outcome for it. */
  without(id: string): OutcomeLog {
    return this.has(id) ? this.with(id, undefined) : this;
  }

  get(id: string): Outcome | undefined {
    const i = this.shared.at.get(id)?.findLast((p) => p < this.length);
    return i === undefined ? undefined : this.shared.values[i];
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  get size(): number {
    return [...this.keys()].length;
  }

  /** Ids in the order their requests ended; one that was dropped and ended again counts from its new end. */
  *keys(): MapIterator<string> {
    const { ids, values } = this.shared;
    for (let i = 0; i < this.length; i++) {
      const id = ids[i]!;
      if (values[i] === undefined) continue;
      // Listed at the first position after its latest drop, if it still has an outcome; no array per key, since
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

  *values(): MapIterator<Outcome> {
    for (const id of this.keys()) yield this.get(id)!;
  }

  *entries(): MapIterator<[string, Outcome]> {
    for (const id of this.keys()) yield [id, this.get(id)!];
  }

  [Symbol.iterator](): MapIterator<[string, Outcome]> {
    return this.entries();
  }

  forEach(fn: (value: Outcome, key: string, map: ReadonlyMap<string, Outcome>) => void): void {
    for (const [id, outcome] of this.entries()) fn(outcome, id, this);
  }
}
