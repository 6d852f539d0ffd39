// A persistent map of untrusted ids: every change returns a new map that shares all untouched parts with the
// old one (a hash array mapped trie, 32 ways per level). The dock's state holds one per pending request table,
// so an event costs the same with 1 or 1,000 requests pending, where copying a table would cost a pass over it.
// Keys are strings in a Map-like structure, so an id such as "constructor" or "__proto__" is an ordinary key.

const BITS = 5;
const MASK = 31;
const LEAF = 0;
const COLLISION = 1;
const BRANCH = 2;

interface Leaf<T> {
  readonly t: typeof LEAF;
  readonly hash: number;
  readonly key: string;
  readonly value: T;
}
/** Keys whose whole 32-bit hashes are equal. */
interface Collision<T> {
  readonly t: typeof COLLISION;
  readonly hash: number;
  readonly leaves: readonly Leaf<T>[];
}
interface Branch<T> {
  readonly t: typeof BRANCH;
  readonly bitmap: number;
  readonly slots: readonly Slot<T>[];
}
type Slot<T> = Leaf<T> | Collision<T> | Branch<T>;

// FNV-1a over UTF-16 code units: cheap, and spreads ids that differ only in a trailing counter.
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

const bitOf = (hash: number, shift: number) => 1 << ((hash >>> shift) & MASK);
const indexOf = (bitmap: number, bit: number) => popcount(bitmap & (bit - 1));
const branch = <T>(bitmap: number, slots: readonly Slot<T>[]): Branch<T> => ({ t: BRANCH, bitmap, slots });

function childOf<T>(node: Branch<T>, bit: number): Slot<T> | undefined {
  return node.bitmap & bit ? node.slots[indexOf(node.bitmap, bit)] : undefined;
}

function replaced<T>(slots: readonly Slot<T>[], i: number, slot: Slot<T>): Slot<T>[] {
  const next = slots.slice();
  next[i] = slot;
  return next;
}

// Two entries (a leaf or a collision, and a new leaf) that meet in one slot: split them on their next hash bits.
function merge<T>(a: Leaf<T> | Collision<T>, b: Leaf<T>, shift: number): Slot<T> {
  if (a.hash === b.hash) return { t: COLLISION, hash: a.hash, leaves: a.t === LEAF ? [a, b] : [...a.leaves, b] };
  const bitA = bitOf(a.hash, shift);
  const bitB = bitOf(b.hash, shift);
  if (bitA === bitB) return branch(bitA, [merge(a, b, shift + BITS)]);
  return branch(bitA | bitB, (bitA >>> 0) < (bitB >>> 0) ? [a, b] : [b, a]);
}

// Whether the last setIn added a key rather than replaced one, so `set` need not look the key up a second time.
let added = false;

function setIn<T>(node: Branch<T>, shift: number, leaf: Leaf<T>): Branch<T> {
  const bit = bitOf(leaf.hash, shift);
  const i = indexOf(node.bitmap, bit);
  if (!(node.bitmap & bit)) {
    added = true;
    // One allocation: spreading two slices around the leaf would make three.
    return branch(node.bitmap | bit, node.slots.toSpliced(i, 0, leaf));
  }
  const slot = node.slots[i]!;
  let next: Slot<T>;
  if (slot.t === BRANCH) next = setIn(slot, shift + BITS, leaf);
  else if (slot.t === LEAF) {
    added = slot.key !== leaf.key;
    next = added ? merge(slot, leaf, shift + BITS) : Object.is(slot.value, leaf.value) ? slot : leaf;
  } else if (slot.hash !== leaf.hash) {
    added = true;
    next = merge(slot, leaf, shift + BITS);
  } else {
    const at = slot.leaves.findIndex((l) => l.key === leaf.key);
    added = at === -1;
    next = added ? merge(slot, leaf, shift + BITS) : Object.is(slot.leaves[at]!.value, leaf.value) ? slot : { ...slot, leaves: slot.leaves.map((l, j) => (j === at ? leaf : l)) };
  }
  return next === slot ? node : branch(node.bitmap, replaced(node.slots, i, next));
}

// The node without `key`: the same node when it had no such key, undefined when nothing is left. A branch
// below the root left holding one leaf or collision gives way to it, so lookups stay short after deletes.
function removeIn<T>(node: Branch<T>, shift: number, hash: number, key: string): Slot<T> | undefined {
  const bit = bitOf(hash, shift);
  if (!(node.bitmap & bit)) return node;
  const i = indexOf(node.bitmap, bit);
  const slot = node.slots[i]!;
  let next: Slot<T> | undefined;
  if (slot.t === BRANCH) {
    next = removeIn(slot, shift + BITS, hash, key);
    if (next === slot) return node;
  } else if (slot.t === LEAF) {
    if (slot.key !== key) return node;
  } else {
    const leaves = slot.leaves.filter((l) => l.key !== key);
    if (leaves.length === slot.leaves.length) return node;
    next = leaves.length === 1 ? leaves[0] : { ...slot, leaves };
  }
  if (next !== undefined) {
    if (shift > 0 && node.slots.length === 1 && next.t !== BRANCH) return next;
    return branch(node.bitmap, replaced(node.slots, i, next));
  }
  const bitmap = node.bitmap & ~bit;
  if (bitmap === 0) return undefined;
  const slots = node.slots.toSpliced(i, 1);
  if (shift > 0 && slots.length === 1 && slots[0]!.t !== BRANCH) return slots[0];
  return branch(bitmap, slots);
}

function* leavesOf<T>(slot: Slot<T> | undefined): Generator<Leaf<T>> {
  if (slot === undefined) return;
  if (slot.t === LEAF) yield slot;
  else if (slot.t === COLLISION) yield* slot.leaves;
  else for (const child of slot.slots) yield* leavesOf(child);
}

const EMPTY_ROOT: Branch<never> = branch(0, []);

/** An immutable map from ids to values: `set` and `delete` return a new map and leave this one as it was. */
export class IdMap<T> implements ReadonlyMap<string, T> {
  /** An empty map. */
  static empty<T>(): IdMap<T> {
    return new IdMap<T>(EMPTY_ROOT, 0);
  }

  /** A map of `entries`; a later entry of the same key wins. */
  static of<T>(entries: Iterable<readonly [string, T]>): IdMap<T> {
    let map = IdMap.empty<T>();
    for (const [key, value] of entries) map = map.set(key, value);
    return map;
  }

  private constructor(
    private readonly root: Branch<T>,
    /** How many entries the map holds. */
    readonly size: number,
  ) {}

  private leaf(key: string): Leaf<T> | undefined {
    const hash = hashOf(key);
    let slot: Slot<T> | undefined = this.root;
    for (let shift = 0; slot !== undefined; shift += BITS) {
      if (slot.t === LEAF) return slot.key === key ? slot : undefined;
      if (slot.t === COLLISION) return slot.leaves.find((l) => l.key === key);
      slot = childOf(slot, bitOf(hash, shift));
    }
    return undefined;
  }

  /** The value stored under `key`. */
  get(key: string): T | undefined {
    return this.leaf(key)?.value;
  }

  /** Whether the map holds `key`. */
  has(key: string): boolean {
    return this.leaf(key) !== undefined;
  }

  /** A map with `key` set to `value`; this map itself when it already holds that very value. */
  set(key: string, value: T): IdMap<T> {
    added = false;
    const root = setIn(this.root, 0, { t: LEAF, hash: hashOf(key), key, value });
    return root === this.root ? this : new IdMap(root, added ? this.size + 1 : this.size);
  }

  /** A map without `key`; this map itself when it has no such key. */
  delete(key: string): IdMap<T> {
    const root = removeIn(this.root, 0, hashOf(key), key);
    if (root === this.root) return this;
    return new IdMap((root as Branch<T> | undefined) ?? EMPTY_ROOT, this.size - 1);
  }

  /** Every entry, in no promised order. */
  *entries(): MapIterator<[string, T]> {
    for (const leaf of leavesOf(this.root)) yield [leaf.key, leaf.value];
  }

  /** Every key, in no promised order. */
  *keys(): MapIterator<string> {
    for (const leaf of leavesOf(this.root)) yield leaf.key;
  }

  /** Every value, in no promised order. */
  *values(): MapIterator<T> {
    for (const leaf of leavesOf(this.root)) yield leaf.value;
  }

  /** Calls `fn` for every entry, as `Map.prototype.forEach` does. */
  forEach(fn: (value: T, key: string, map: ReadonlyMap<string, T>) => void): void {
    for (const leaf of leavesOf(this.root)) fn(leaf.value, leaf.key, this);
  }

  /** Every entry, in no promised order. */
  [Symbol.iterator](): MapIterator<[string, T]> {
    return this.entries();
  }
}
