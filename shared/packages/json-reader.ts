/**
 * Reading a package file: every problem is reported with the file, the JSON path (or the line of
 * a syntax error) and what is wrong, so the person who sent it can be told exactly what to fix.
 * The first problem stops the read: a package is either taken whole or refused.
 */
import { jsonErrorOffset } from '../import/json-error-offset';

/** Why a package was refused, for the app to word in the reader's language; the message stays English, for copying. */
export type PackageErrorCode = 'not-json' | 'wrong-kind' | 'invalid' | 'codebook-mismatch' | 'dataset-mismatch' | 'unknown-assignment';

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

/** Parses the text of a package file; a syntax error names its line. */
export function parsePackageJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch {
    const offset = Math.max(0, jsonErrorOffset(text));
    const line = text.slice(0, offset).split('\n').length;
    throw new PackageError(file, `line ${line}`, 'the file is not valid JSON', 'not-json');
  }
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
