import { MAX_JSON_NESTING } from '../import/json-records';
import type { JsonSchema } from './answer-schema';
import type { SamplingParameters } from './connection';
import type { ChatMessage } from './messages';

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * JSON with every object's keys in sorted order, so equal data gives the same text however it
 * was built. Keys whose value is undefined are left out, as JSON.stringify does (an unset
 * sampling parameter is the same as an absent one); anything JSON would silently change (NaN,
 * undefined in a list, a Date, a class instance) throws instead, because two different inputs
 * must never give one key.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_JSON_NESTING) throw new Error(`canonicalJson: nested more than ${MAX_JSON_NESTING} levels.`);
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`canonicalJson: ${value} has no JSON form.`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => {
      if (item === undefined) throw new Error('canonicalJson: a list holds undefined.');
      return canonicalJson(item, depth + 1);
    }).join(',')}]`;
  }
  if (typeof value === 'object' && isPlainObject(value)) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key], depth + 1)}`).join(',')}}`;
  }
  throw new Error(`canonicalJson: ${typeof value === 'object' ? 'an object that is not plain data' : `a ${typeof value}`} has no JSON form.`);
}

export interface CacheKeyParts {
  baseURL: string;
  model: string;
  messages: readonly ChatMessage[];
  sampling: SamplingParameters;
  /** the answer's schema, also when the request was made with json_object or the prompt only: a cached answer is one valid against it */
  responseSchema: JsonSchema;
  /** which of several draws of the same request (0 for the first) */
  sampleIndex: number;
}

/** Raised when the key's layout changes, so no old entry is read under a new meaning. */
export const CACHE_KEY_VERSION = 1;

/**
 * The text main hashes (sha256) to name a cached answer. The base URL is taken without trailing
 * slashes (`…/v1/` and `…/v1` are one endpoint); everything else as given. The response format
 * mode is not part of it: a valid answer to the same messages is as good whichever mode got it.
 */
export function cacheKeyInput(parts: CacheKeyParts): string {
  if (!Number.isSafeInteger(parts.sampleIndex) || parts.sampleIndex < 0) throw new RangeError(`A sample index is a whole number from 0 (got ${parts.sampleIndex}).`);
  let end = parts.baseURL.length;
  while (end > 0 && parts.baseURL.charCodeAt(end - 1) === 47) end--;
  // canonicalJson of the whole key, written out in its sorted key order so that the schema (the
  // same large object for every call of a job) is made canonical once (canonicalSchema)
  return `{"baseURL":${JSON.stringify(parts.baseURL.slice(0, end))},"messages":${canonicalJson(parts.messages)},"model":${JSON.stringify(parts.model)},"responseSchema":${canonicalSchema(parts.responseSchema)},"sampleIndex":${parts.sampleIndex},"sampling":${canonicalJson(parts.sampling)},"version":${CACHE_KEY_VERSION}}`;
}

const canonicalSchemas = new WeakMap<object, string>();

/** canonicalJson of a schema, kept per schema object: schemas are built once per job (answerSchema) and never changed after. */
function canonicalSchema(schema: JsonSchema): string {
  let text = canonicalSchemas.get(schema);
  if (text === undefined) {
    text = canonicalJson(schema);
    canonicalSchemas.set(schema, text);
  }
  return text;
}
