/**
 * Reading a package file: every problem is reported with the file, the JSON path (or the line of
 * a syntax error) and what is wrong, so the person who sent it can be told exactly what to fix.
 * The first problem stops the read: a package is either taken whole or refused.
 */
import { DEFAULT_IMPORT_LIMITS, formatBytes } from '../import/file-rules';
import { jsonErrorOffset } from '../import/json-error-offset';
import { lineAt, MAX_JSON_NESTING, nestingBeyond, tooDeepAt, tooDeepProblem } from '../import/json-records';

/** Why a package was refused, for the app to word in the reader's language; the message stays English, for copying. */
export type PackageErrorCode = 'not-json' | 'too-large' | 'too-deep' | 'wrong-kind' | 'invalid' | 'annotator-mismatch' | 'codebook-mismatch' | 'dataset-mismatch' | 'unknown-assignment';

/**
 * The largest package file read, in UTF-8 bytes: the import's limit for one file (a package
 * arrives through the same pickers and drop). A package is parsed whole, and its parsed form
 * takes about three times its size: 38,000 turns of seven labelled fields are 62 MB of work.
 */
export const MAX_PACKAGE_BYTES = DEFAULT_IMPORT_LIMITS.maxFileBytes;

export class PackageError extends Error {
  override name = 'PackageError';
  constructor(
    readonly file: string,
    /** a JSON path (`$.dialogues[2].turns[0].speaker`) or `line N` */
    readonly where: string,
    readonly problem: string,
    readonly code: PackageErrorCode = 'invalid',
  ) {
    super(`${file}: ${where}: ${problem}`);
  }
}

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** UTF-8 bytes of `text`, as the file held them. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    // a high surrogate and its low one are 4 bytes together; the low one counts nothing of its own
    else if (unit >= 0xd800 && unit < 0xdc00) bytes += 4;
    else if (unit < 0xdc00 || unit >= 0xe000) bytes += 3;
  }
  return bytes;
}

/**
 * Parses the text of a package file: refused over the size limit, when not JSON (naming the
 * line), and nested deeper than the import reads (the import's 64-level rule and words).
 */
export function parsePackageJson(text: string, file: string, maxBytes = MAX_PACKAGE_BYTES): unknown {
  // a UTF-16 unit is at most 3 bytes: most packages are far below the limit and need no count
  const size = text.length * 3 <= maxBytes ? 0 : utf8Length(text);
  if (size > maxBytes) throw new PackageError(file, 'line 1', `the package is too large (${formatBytes(size)}; a package may hold at most ${formatBytes(maxBytes)})`, 'too-large');
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body) as unknown;
  } catch {
    const offset = Math.max(0, jsonErrorOffset(body));
    // nesting past the limit before the point of failure is what the reader is told about: a parser's stack may give out there
    const deep = nestingBeyond(body.slice(0, offset + 1), MAX_JSON_NESTING);
    if (deep !== -1) throw tooDeepError(file, body, tooDeepAt(body, deep, 'this package is not imported'));
    throw new PackageError(file, `line ${lineAt(body, offset)}`, 'the file is not valid JSON', 'not-json');
  }
  const tooDeep = tooDeepProblem(body, value, MAX_JSON_NESTING, 'this package is not imported');
  if (tooDeep) throw tooDeepError(file, body, tooDeep);
  return value;
}

function tooDeepError(file: string, text: string, tooDeep: { offset: number; problem: string }): PackageError {
  return new PackageError(file, `line ${lineAt(text, tooDeep.offset)}`, `This package is nested too deeply: ${tooDeep.problem}`, 'too-deep');
}

/** Typed reads of one JSON object, each naming its path on failure. */
export class PackageReader {
  constructor(readonly file: string) {}

  fail(path: string, problem: string, code?: PackageErrorCode): never {
    throw new PackageError(this.file, path, problem, code);
  }

  object(value: unknown, path: string): JsonObject {
    if (!isJsonObject(value)) this.fail(path, `must be an object (found ${describe(value)})`);
    return value;
  }

  array(obj: JsonObject, key: string, path: string): unknown[] {
    const value = obj[key];
    if (!Array.isArray(value)) this.fail(`${path}.${key}`, `must be a list (found ${describe(value)})`);
    return value;
  }

  string(obj: JsonObject, key: string, path: string, { allowEmpty = false } = {}): string {
    const value = obj[key];
    if (typeof value !== 'string') this.fail(`${path}.${key}`, `must be text (found ${describe(value)})`);
    if (!allowEmpty && value.trim() === '') this.fail(`${path}.${key}`, 'must not be empty');
    return value;
  }

  nullableString(obj: JsonObject, key: string, path: string): string | null {
    const value = obj[key];
    if (value === null) return null;
    return this.string(obj, key, path, { allowEmpty: true });
  }

  boolean(obj: JsonObject, key: string, path: string): boolean {
    const value = obj[key];
    if (typeof value !== 'boolean') this.fail(`${path}.${key}`, `must be true or false (found ${describe(value)})`);
    return value;
  }

  index(obj: JsonObject, key: string, path: string): number {
    const value = obj[key];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) this.fail(`${path}.${key}`, `must be a whole number, 0 or more (found ${describe(value)})`);
    return value;
  }

  oneOf<T extends string>(obj: JsonObject, key: string, path: string, allowed: readonly T[]): T {
    const value = obj[key];
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
      this.fail(`${path}.${key}`, `must be one of ${allowed.map((item) => `"${item}"`).join(', ')} (found ${describe(value)})`);
    }
    return value as T;
  }

  time(obj: JsonObject, key: string, path: string): string {
    const value = this.string(obj, key, path);
    if (Number.isNaN(Date.parse(value))) this.fail(`${path}.${key}`, `must be an ISO date and time (found "${value}")`);
    return value;
  }

  strings(obj: JsonObject, key: string, path: string): string[] {
    return this.array(obj, key, path).map((item, i) => {
      if (typeof item !== 'string') this.fail(`${path}.${key}[${i}]`, `must be text (found ${describe(item)})`);
      return item;
    });
  }

  /** The header every package starts with: its kind and a version this app reads. */
  header(json: unknown, kind: string, version: number): JsonObject {
    const root = this.object(json, '$');
    if (root.maieutic !== kind) {
      const found = typeof root.maieutic === 'string' ? `a Maieutic "${root.maieutic}" package` : 'not a Maieutic package';
      this.fail('$.maieutic', `must be "${kind}" (this file is ${found})`, 'wrong-kind');
    }
    if (root.version !== version) {
      this.fail('$.version', typeof root.version === 'number' && root.version > version ? `version ${root.version} is newer than this app reads (${version}); update Maieutic` : `must be ${version} (found ${describe(root.version)})`);
    }
    return root;
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}
