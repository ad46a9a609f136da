import { isJsonObject } from './json-records';
import { hasNoOwnKeys, setOwn } from './own-keys';

/**
 * Keys of a source's dialogue turns and annotation entries that the model does not hold
 * (`ts` on a `dialogue` turn, `confidence` on an annotation, …) are kept in `Dialogue.extra`
 * under two reserved keys, so the SID export can write them back where they were:
 *
 *   extra.__turnExtras       = { "<turn index>": { ts: 1 } }
 *   extra.__annotationExtras = { "<turn index>": { confidence: 0.9 } }
 *
 * Annotation extras are keyed by the turn the annotation was aligned to. When several
 * annotation entries were merged into one turn, a key on which they agree keeps its value and
 * a key on which they differ holds the list of their values in entry order. Unaligned entries
 * keep their whole raw object in `Dialogue.unaligned` instead. A source record's own top-level
 * key with one of these names is not imported (the names are Maieutic's).
 */
export const TURN_EXTRAS_KEY = '__turnExtras';
export const ANNOTATION_EXTRAS_KEY = '__annotationExtras';
export const RESERVED_EXTRA_KEYS: ReadonlySet<string> = new Set([TURN_EXTRAS_KEY, ANNOTATION_EXTRAS_KEY]);

/** Turn index (as a string key) → the entry's keys the model does not hold. */
export type EntryExtras = Record<string, Record<string, unknown>>;

/** The extras of one turn stored under `key` of `extra`, or undefined; tolerant of foreign shapes. */
export function entryExtrasAt(extra: Record<string, unknown>, key: string, index: number): Record<string, unknown> | undefined {
  if (!Object.hasOwn(extra, key)) return undefined;
  const table = extra[key];
  if (!isJsonObject(table) || !Object.hasOwn(table, String(index))) return undefined;
  const entry = table[String(index)];
  return isJsonObject(entry) ? entry : undefined;
}

/** Adds `extras` for turn `index` to `table` unless there are none. */
export function addEntryExtras(table: EntryExtras, index: number, extras: Record<string, unknown> | undefined): void {
  if (extras !== undefined && !hasNoOwnKeys(extras)) setOwn(table, String(index), extras);
}

/**
 * One object for the extras of several annotation entries merged into one turn (see above);
 * an entry without extras is undefined (it adds no key); undefined when none has any.
 */
export function mergeEntryExtras(entries: readonly (Record<string, unknown> | undefined)[]): Record<string, unknown> | undefined {
  if (entries.length === 1) return entries[0];
  if (entries.every((entry) => entry === undefined)) return undefined;
  const fragments = entries.map((entry) => entry ?? {});
  const merged: Record<string, unknown> = {};
  const keys = [...new Set(fragments.flatMap((fragment) => Object.keys(fragment)))];
  for (const key of keys) {
    const values = fragments.filter((fragment) => Object.hasOwn(fragment, key)).map((fragment) => fragment[key]);
    const first = JSON.stringify(values[0]);
    setOwn(merged, key, values.every((value) => JSON.stringify(value) === first) ? values[0] : values);
  }
  return merged;
}
