// A persistent ordered sequence of ids: every change returns a new sequence that shares all untouched parts with
// the old one. The ids live in chunks of at most MAX; an insert or a removal copies one chunk, the outer array of
// chunks and the chunks' end offsets, so a change costs about 2n/MAX + MAX slots where a plain array would copy n.
// The dock's state changes its pending order on every arrival and every ending.

/** The most ids a chunk holds; a fuller one splits in half. */
const MAX = 64;
/** Two neighbouring chunks that hold no more than this together become one, so chunks never dwindle to a few ids. */
const MERGE = MAX / 2;

type Chunk = readonly string[];

// The position of the chunk that holds index `i` (0 <= i < length), by binary search over the chunks' end offsets.
function chunkAt(ends: readonly number[], i: number): number {
  let lo = 0;
  let hi = ends.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ends[mid]! > i) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// `ends` (a fresh copy) with `by` added from chunk `from` on.
function shifted(ends: number[], from: number, by: number): number[] {
  for (let k = from; k < ends.length; k++) ends[k] = ends[k]! + by;
  return ends;
}

function endsOf(chunks: readonly Chunk[]): number[] {
  const ends = new Array<number>(chunks.length);
  let end = 0;
  for (let c = 0; c < chunks.length; c++) ends[c] = end += chunks[c]!.length;
  return ends;
}

/** An immutable ordered list of ids: `insertAt`, `insertSorted` and `remove` return a new sequence and leave this one as it was. */
export class IdSequence implements Iterable<string> {
  private static readonly EMPTY = new IdSequence([], []);

  /** An empty sequence. */
  static empty(): IdSequence {
    return IdSequence.EMPTY;
  }

  /** A sequence of `ids` in the order given. */
  static of(ids: Iterable<string>): IdSequence {
    const all = [...ids];
    if (all.length === 0) return IdSequence.EMPTY;
    const chunks: Chunk[] = [];
    for (let i = 0; i < all.length; i += MERGE) chunks.push(all.slice(i, i + MERGE));
    return new IdSequence(chunks, endsOf(chunks));
  }

  /** How many ids the sequence holds. */
  readonly length: number;

  private constructor(
    private readonly chunks: readonly Chunk[],
    /** Where each chunk ends, counted in ids from the start of the sequence. */
    private readonly ends: readonly number[],
  ) {
    this.length = ends.length === 0 ? 0 : ends[ends.length - 1]!;
  }

  /** The id at `index`; a negative index counts back from the end, as `Array.prototype.at` does. */
  at(index: number): string | undefined {
    const i = Math.trunc(index) + (index < 0 ? this.length : 0);
    if (!(i >= 0 && i < this.length)) return undefined;
    const c = chunkAt(this.ends, i);
    return this.chunks[c]![i - this.startOf(c)];
  }

  // Where chunk `c` starts, counted in ids.
  private startOf(c: number): number {
    return c === 0 ? 0 : this.ends[c - 1]!;
  }

  /** The first position of `id`, or -1. */
  indexOf(id: string): number {
    let start = 0;
    for (const chunk of this.chunks) {
      const at = chunk.indexOf(id);
      if (at !== -1) return start + at;
      start += chunk.length;
    }
    return -1;
  }

  /** The last position of `id`, or -1; searched from the end, so finding one of the newest ids costs little. */
  lastIndexOf(id: string): number {
    for (let c = this.chunks.length - 1; c >= 0; c--) {
      const at = this.chunks[c]!.lastIndexOf(id);
      if (at !== -1) return this.startOf(c) + at;
    }
    return -1;
  }

  /** Whether the sequence holds `id`. */
  includes(id: string): boolean {
    return this.lastIndexOf(id) !== -1;
  }

  /** A sequence with `id` at `index` (clamped to 0..length), the ids from there on one further along. */
  insertAt(index: number, id: string): IdSequence {
    const { chunks, ends } = this;
    if (chunks.length === 0) return new IdSequence([[id]], [1]);
    const i = Math.max(0, Math.min(this.length, Math.trunc(index) || 0));
    // An index at a chunk's end goes into that chunk (at the very end, the last chunk), so appends fill the last chunk.
    const c = i === this.length ? chunks.length - 1 : chunkAt(ends, i);
    const start = this.startOf(c);
    const chunk = chunks[c]!.toSpliced(i - start, 0, id);
    if (chunk.length <= MAX) return new IdSequence(chunks.with(c, chunk), shifted(ends.slice(), c, 1));
    const half = chunk.length >>> 1;
    return new IdSequence(chunks.toSpliced(c, 1, chunk.slice(0, half), chunk.slice(half)), shifted(ends.toSpliced(c, 0, start + half), c + 1, 1));
  }

  /**
   * A sequence with `id` placed right after the last id it does not precede, searched from the end: `precedes(other)`
   * tells whether `id` goes before `other`. Where new ids are mostly the newest, the search stops at once.
   */
  insertSorted(id: string, precedes: (other: string) => boolean): IdSequence {
    const { chunks } = this;
    for (let c = chunks.length - 1; c >= 0; c--) {
      const chunk = chunks[c]!;
      for (let at = chunk.length; at > 0; at--) if (!precedes(chunk[at - 1]!)) return this.insertAt(this.startOf(c) + at, id);
    }
    return this.insertAt(0, id);
  }

  /** A sequence without the id at `index`; this sequence itself when there is no such index. */
  removeAt(index: number): IdSequence {
    const i = Math.trunc(index);
    if (!(i >= 0 && i < this.length)) return this;
    const { chunks, ends } = this;
    if (this.length === 1) return IdSequence.EMPTY;
    const c = chunkAt(ends, i);
    const chunk = chunks[c]!.toSpliced(i - this.startOf(c), 1);
    if (chunk.length === 0) return new IdSequence(chunks.toSpliced(c, 1), shifted(ends.toSpliced(c, 1), c, -1));
    // A chunk that became small joins a neighbour it fits with, so the outer array stays short.
    if (c > 0 && chunks[c - 1]!.length + chunk.length <= MERGE) {
      return new IdSequence(chunks.toSpliced(c - 1, 2, chunks[c - 1]!.concat(chunk)), shifted(ends.toSpliced(c - 1, 1), c - 1, -1));
    }
    if (c < chunks.length - 1 && chunks[c + 1]!.length + chunk.length <= MERGE) {
      return new IdSequence(chunks.toSpliced(c, 2, chunk.concat(chunks[c + 1]!)), shifted(ends.toSpliced(c, 1), c, -1));
    }
    return new IdSequence(chunks.with(c, chunk), shifted(ends.slice(), c, -1));
  }

  /** A sequence without `id` (searched from the end); this sequence itself when it does not hold it. */
  remove(id: string): IdSequence {
    return this.removeAt(this.lastIndexOf(id));
  }

  /** Every id, in order. */
  *[Symbol.iterator](): Iterator<string> {
    for (const chunk of this.chunks) yield* chunk;
  }

  /** The ids as a new plain array. */
  toArray(): string[] {
    return this.chunks.length === 1 ? this.chunks[0]!.slice() : ([] as string[]).concat(...this.chunks);
  }
}
