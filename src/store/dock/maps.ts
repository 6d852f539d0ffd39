// The state's tables are plain Maps, never changed in place: a change makes a new Map, so views select by identity.

/** A copy of `map` with `key` set to `value`. */
export function withKey<V>(map: ReadonlyMap<string, V>, key: string, value: V): ReadonlyMap<string, V> {
  return new Map(map).set(key, value);
}

/** A copy of `map` without `key`, or `map` itself when it has no such key. */
export function withoutKey<V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> {
  if (!map.has(key)) return map;
  const next = new Map(map);
  next.delete(key);
  return next;
}
