/**
 * Objects built from keys found in untrusted input. Plain assignment `target[key] = value`
 * with the key `__proto__` would replace the object's prototype instead of storing the value;
 * defining the property keeps it as ordinary data that JSON.stringify and structured clone
 * copy like any other key. Read such objects with Object.hasOwn, never with `in` (`constructor`
 * is "in" every object).
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // only `__proto__` has a setter on Object.prototype: any other key is assigned as data (and faster)
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** The own enumerable entries of `source` whose key is not in `skip`, as a new object, in Object.entries order. */
export function ownEntriesExcept(source: Record<string, unknown>, skip: ReadonlySet<string>): Record<string, unknown> {
  return ownEntriesExceptOrNone(source, skip) ?? {};
}

/**
 * ownEntriesExcept, or undefined when no key is left. It runs on every turn and annotation of
 * a file, which seldom hold a key beyond the model's: for-in with an own-key test lists the keys
 * without building an array of pairs, and nothing is allocated when none is left.
 */
export function ownEntriesExceptOrNone(source: Record<string, unknown>, skip: ReadonlySet<string>): Record<string, unknown> | undefined {
  let rest: Record<string, unknown> | undefined;
  for (const key in source) {
    if (Object.hasOwn(source, key) && !skip.has(key)) setOwn((rest ??= {}), key, source[key]);
  }
  return rest;
}

/** True when `source` has no own enumerable key (Object.keys(source).length === 0, without the array). */
export function hasNoOwnKeys(source: object): boolean {
  for (const key in source) if (Object.hasOwn(source, key)) return false;
  return true;
}
