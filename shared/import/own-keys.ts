/**
 * Objects built from keys found in untrusted input. Plain assignment `target[key] = value`
 * with the key `__proto__` would replace the object's prototype instead of storing the value;
 * defining the property keeps it as ordinary data that JSON.stringify and structured clone
 * copy like any other key. Read such objects with Object.hasOwn, never with `in` (`constructor`
 * is "in" every object).
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The own enumerable entries of `source` whose key is not in `skip`, as a new object. */
export function ownEntriesExcept(source: Record<string, unknown>, skip: ReadonlySet<string>): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) if (!skip.has(key)) setOwn(rest, key, value);
  return rest;
}
