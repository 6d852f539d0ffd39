/** A read-only table keyed by untrusted ids; made by `idTable`, so no key is inherited. */
export type IdTable<T> = Readonly<Record<string, T>>;

/** A table with no prototype, optionally filled: an id such as "__proto__" or "constructor" reads as a plain key. */
export function idTable<T>(entries?: Iterable<readonly [string, T]>): Record<string, T> {
  return Object.setPrototypeOf(entries ? Object.fromEntries(entries) : {}, null) as Record<string, T>;
}

/** A copy of `table` with `key` set to `value`; the input is left as it was. */
export function withEntry<T>(table: IdTable<T>, key: string, value: T): IdTable<T> {
  return Object.assign(idTable<T>(), table, { [key]: value });
}

/** The value stored under `key`, never one inherited from a prototype. */
export function entryOf<T>(table: IdTable<T> | undefined, key: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}
