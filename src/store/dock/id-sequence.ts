// A persistent ordered sequence of ids: every change returns a new sequence that shares all untouched parts with
// the old one. The ids live in chunks of at most MAX; an insert or a removal copies one chunk and the outer array
// of chunks (neighbours hold more than MAX/2 ids together, so there are at most 4n/MAX + 1), where a plain array
// would copy all n ids.
// The dock's state changes its pending order on every arrival and every ending.

/** The most ids a chunk holds; a fuller one splits in half. */
const MAX = 32;
/** Two neighbouring chunks that hold no more than this together become one, so chunks never dwindle to a few ids. */
const MERGE = MAX / 2;

type Chunk = readonly string[];

// Where the chunk the last `locate` found starts, counted in ids.
let chunkStart = 0;

/** An immutable ordered list of ids: `insertAt`, `insertSorted` and `remove` return a new sequence and leave this one as it was. */
export class IdSequence implements Iterable<string> {
  private static readonly EMPTY = new IdSequence([], 0);

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
    return new IdSequence(chunks, all.length);
  }

  private constructor(
    private readonly chunks: readonly Chunk[],
    /** How many ids the sequence holds. */
    readonly length: number,
  ) {}

  // The chunk that holds position `i` (0 <= i <= length), walked from the nearer end: the chunks are few (at most
  // 4n/MAX + 1) and the positions asked for are mostly among the newest. Where that chunk starts is left in
  // `chunkStart`, so no pair is allocated per call. Position `length` falls in the last chunk, so appends fill it.
  private locate(i: number): number {
    const { chunks } = this;
    if (i * 2 < this.length) {
      let start = 0;
      for (let c = 0; ; c++) {
        const end = start + chunks[c]!.length;
        if (i < end || c === chunks.length - 1) {
          chunkStart = start;
          return c;
        }
        start = end;
      }
    }
    let start = this.length;
    for (let c = chunks.length - 1; ; c--) {
      start -= chunks[c]!.length;
      if (i >= start || c === 0) {
        chunkStart = start;
        return c;
      }
    }
  }

  /** The id at `index`; a negative index counts back from the end, as `Array.prototype.at` does. */
  at(index: number): string | undefined {
    const i = Math.trunc(index) + (index < 0 ? this.length : 0);
    if (!(i >= 0 && i < this.length)) return undefined;
    const c = this.locate(i);
    return this.chunks[c]![i - chunkStart];
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
    let start = this.length;
    for (let c = this.chunks.length - 1; c >= 0; c--) {
      const chunk = this.chunks[c]!;
      start -= chunk.length;
      const at = chunk.lastIndexOf(id);
      if (at !== -1) return start + at;
    }
    return -1;
  }

  /** Whether the sequence holds `id`. */
  includes(id: string): boolean {
    return this.lastIndexOf(id) !== -1;
  }

  /** A sequence with `id` at `index` (clamped to 0..length), the ids from there on one further along. */
  insertAt(index: number, id: string): IdSequence {
    if (this.length === 0) return new IdSequence([[id]], 1);
    const i = Math.max(0, Math.min(this.length, Math.trunc(index) || 0));
    const c = this.locate(i);
    return this.insertIn(c, i - chunkStart, id);
  }

  /**
   * A sequence with `id` placed right after the last id it does not precede, searched from the end:
   * `precedes(id, other, context)` tells whether `id` goes before `other`; `context` is handed on, so a caller needs
   * no closure per insert. Where new ids are mostly the newest, the search stops at once.
   */
  insertSorted<C>(id: string, precedes: (id: string, other: string, context: C) => boolean, context: C): IdSequence {
    const { chunks } = this;
    for (let c = chunks.length - 1; c >= 0; c--) {
      const chunk = chunks[c]!;
      for (let at = chunk.length; at > 0; at--) if (!precedes(id, chunk[at - 1]!, context)) return this.insertIn(c, at, id);
    }
    return this.length === 0 ? new IdSequence([[id]], 1) : this.insertIn(0, 0, id);
  }

  // `id` at position `at` of chunk `c`: one chunk copied, or split in two when it overflows, and the outer array.
  private insertIn(c: number, at: number, id: string): IdSequence {
    const { chunks } = this;
    const chunk = chunks[c]!.toSpliced(at, 0, id);
    if (chunk.length <= MAX) return new IdSequence(chunks.with(c, chunk), this.length + 1);
    const half = chunk.length >>> 1;
    return new IdSequence(chunks.toSpliced(c, 1, chunk.slice(0, half), chunk.slice(half)), this.length + 1);
  }

  /** A sequence without the id at `index`; this sequence itself when there is no such index. */
  removeAt(index: number): IdSequence {
    const i = Math.trunc(index);
    if (!(i >= 0 && i < this.length)) return this;
    const c = this.locate(i);
    return this.removeIn(c, i - chunkStart);
  }

  /** A sequence without `id` (searched from the end); this sequence itself when it does not hold it. */
  remove(id: string): IdSequence {
    for (let c = this.chunks.length - 1; c >= 0; c--) {
      const at = this.chunks[c]!.lastIndexOf(id);
      if (at !== -1) return this.removeIn(c, at);
    }
    return this;
  }

  private removeIn(c: number, at: number): IdSequence {
    if (this.length === 1) return IdSequence.EMPTY;
    const { chunks } = this;
    const length = this.length - 1;
    const chunk = chunks[c]!.toSpliced(at, 1);
    if (chunk.length === 0) return new IdSequence(chunks.toSpliced(c, 1), length);
    // A chunk that became small joins a neighbour it fits with, so the outer array stays short.
    if (c > 0 && chunks[c - 1]!.length + chunk.length <= MERGE) return new IdSequence(chunks.toSpliced(c - 1, 2, chunks[c - 1]!.concat(chunk)), length);
    if (c < chunks.length - 1 && chunks[c + 1]!.length + chunk.length <= MERGE) return new IdSequence(chunks.toSpliced(c, 2, chunk.concat(chunks[c + 1]!)), length);
    return new IdSequence(chunks.with(c, chunk), length);
  }

  /** Every id, in order. */
  *[Symbol.iterator](): Iterator<string> {
    for (const chunk of this.chunks) yield* chunk;
  }

  /** The ids as a new plain array. */
  toArray(): string[] {
    return ([] as string[]).concat(...this.chunks);
  }
}
