/**
 * The checks a row must pass to be stored, as data: one check per field of the row's type, so a
 * repository that writes a row and a restore that reads one back apply the very same rules
 * (row-checks/index.ts holds one per table). A check throws RowProblem at the first problem,
 * naming the field by its path (`turns[3].speaker`) and what is wrong as a code with its
 * parameters, worded in English here and in the reader's language by the Backups panel.
 */
import { ValidationError } from '../validation-error';

export const ROW_PROBLEM_CODES = [
  'missing',
  'not-text',
  'empty',
  'too-long',
  'control-characters',
  'not-whole-number',
  'not-number',
  'out-of-range',
  'not-boolean',
  'not-date',
  'not-list',
  'too-many',
  'not-object',
  'not-one-of',
  'unknown-field',
  /** the row's id is not the one its other fields make (`<turn id>|<field id>`) */
  'wrong-id',
  /** a domain check refused it (a codebook, a rubric set, a scenario, a name): its own words are the detail */
  'refused',
  /** the values of the row contradict each other (a turn block's columns) */
  'inconsistent',
] as const;

export type RowProblemCode = (typeof ROW_PROBLEM_CODES)[number];

export type ProblemParams = Record<string, string | number>;

/** A row refused: which field, what is wrong (code and parameters), and the same in English. */
export class RowProblem extends ValidationError {
  override name = 'RowProblem';
  constructor(readonly field: string, readonly code: RowProblemCode, readonly params: ProblemParams, english: string) {
    super(field ? `${field}: ${english}` : english);
  }
}

export type Check = (value: unknown, path: string) => void;

export function fail(path: string, code: RowProblemCode, english: string, params: ProblemParams = {}): never {
  throw new RowProblem(path, code, params, english);
}

const join = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);

/** C0 controls but tab, line feed and carriage return; DEL. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export interface TextOptions {
  /** '' allowed (default: no) */
  empty?: boolean;
  max?: number;
  /** one line of ordinary characters: no control characters, no line breaks (names) */
  line?: boolean;
}

export function text(options: TextOptions = {}): Check {
  return (value, path) => {
    if (value === undefined) fail(path, 'missing', 'is missing');
    if (typeof value !== 'string') fail(path, 'not-text', `must be text (is ${describe(value)})`);
    if (!options.empty && value.trim() === '') fail(path, 'empty', 'is empty');
    if (options.max !== undefined && value.length > options.max) fail(path, 'too-long', `is longer than ${options.max} characters`, { max: options.max });
    if (options.line && (CONTROL.test(value) || /[\r\n]/.test(value))) fail(path, 'control-characters', 'holds control characters or a line break');
  };
}

/** An ISO time the app wrote (`new Date().toISOString()`): Date.parse reads it. */
export const isoTime: Check = (value, path) => {
  text()(value, path);
  if (Number.isNaN(Date.parse(value as string))) fail(path, 'not-date', `is not a time (${JSON.stringify(String(value).slice(0, 40))})`);
};

export function integer(options: { min?: number; max?: number } = {}): Check {
  const min = options.min ?? 0;
  return (value, path) => {
    if (value === undefined) fail(path, 'missing', 'is missing');
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) fail(path, 'not-whole-number', `must be a whole number (is ${describe(value)})`);
    if (value < min || (options.max !== undefined && value > options.max)) fail(path, 'out-of-range', `must be from ${min}${options.max === undefined ? '' : ` to ${options.max}`} (is ${value})`, { min, ...(options.max === undefined ? {} : { max: options.max }) });
  };
}

/** A whole number ≥ 0. */
export const count = integer();

export function number(options: { min?: number; max?: number } = {}): Check {
  return (value, path) => {
    if (value === undefined) fail(path, 'missing', 'is missing');
    if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'not-number', `must be a number (is ${describe(value)})`);
    if ((options.min !== undefined && value < options.min) || (options.max !== undefined && value > options.max)) {
      fail(path, 'out-of-range', `must be from ${options.min ?? '−∞'} to ${options.max ?? '∞'} (is ${value})`, { ...(options.min === undefined ? {} : { min: options.min }), ...(options.max === undefined ? {} : { max: options.max }) });
    }
  };
}

export const bool: Check = (value, path) => {
  if (value === undefined) fail(path, 'missing', 'is missing');
  if (typeof value !== 'boolean') fail(path, 'not-boolean', `must be true or false (is ${describe(value)})`);
};

export function oneOf(values: readonly (string | number | boolean | null)[]): Check {
  const allowed = new Set<unknown>(values);
  return (value, path) => {
    if (value === undefined) fail(path, 'missing', 'is missing');
    if (!allowed.has(value)) fail(path, 'not-one-of', `must be one of ${values.map((entry) => JSON.stringify(entry)).join(', ')} (is ${describe(value)})`, { allowed: values.join(', ') });
  };
}

export function literal(value: string | number | boolean | null): Check {
  return oneOf([value]);
}

/** Absent (no key, or a key holding undefined, as IndexedDB keeps it) or passing `check`. */
export function optional(check: Check): Check {
  return (value, path) => {
    if (value !== undefined) check(value, path);
  };
}

export function nullable(check: Check): Check {
  return (value, path) => {
    if (value !== null) check(value, path);
  };
}

export function list(check: Check, options: { max?: number; min?: number } = {}): Check {
  return (value, path) => {
    if (value === undefined) fail(path, 'missing', 'is missing');
    if (!Array.isArray(value)) fail(path, 'not-list', `must be a list (is ${describe(value)})`);
    if (options.max !== undefined && value.length > options.max) fail(path, 'too-many', `holds more than ${options.max} entries`, { max: options.max });
    if (options.min !== undefined && value.length < options.min) fail(path, 'empty', `holds fewer than ${options.min} entries`, { min: options.min });
    value.forEach((entry, index) => check(entry, join(path, index)));
  };
}

export const texts = list(text({ empty: true }));

/** An object used as a map: every own value passes `check` (keys are text by nature). */
export function recordOf(check: Check, keyCheck?: Check): Check {
  return (value, path) => {
    if (value === undefined) fail(path, 'missing', 'is missing');
    if (!isRecord(value)) fail(path, 'not-object', `must be an object (is ${describe(value)})`);
    for (const [key, inner] of Object.entries(value)) {
      keyCheck?.(key, join(path, key));
      check(inner, join(path, key));
    }
  };
}

/** Any value a row may hold where the type says `unknown` (an audit value, a source record's own keys). */
export const anything: Check = () => undefined;

export type Fields<T> = { [K in keyof T]-?: Check };

/**
 * An object of type T: every field the type declares has its check (the compiler holds a field
 * added to the type to having one), and, unless `loose`, no other field is there.
 */
export function shape<T>(fields: Fields<T>, options: { loose?: boolean } = {}): Check {
  const checks = fields as Record<string, Check>;
  return (value, path) => {
    if (value === undefined) fail(path, 'missing', 'is missing');
    if (!isRecord(value)) fail(path, 'not-object', `must be an object (is ${describe(value)})`);
    for (const [key, check] of Object.entries(checks)) check(value[key], join(path, key));
    if (!options.loose) {
      const stranger = Object.keys(value).find((key) => !(key in checks));
      if (stranger !== undefined) fail(join(path, stranger), 'unknown-field', `is not a field of this row (${JSON.stringify(stranger.slice(0, 40))})`, { name: stranger.slice(0, 40) });
    }
  };
}

/** One of several object shapes, told apart by the text of `key`. */
export function variant(key: string, shapes: Record<string, Check>): Check {
  const kinds = Object.keys(shapes);
  return (value, path) => {
    if (value === undefined) fail(path, 'missing', 'is missing');
    if (!isRecord(value)) fail(path, 'not-object', `must be an object (is ${describe(value)})`);
    const kind = value[key];
    const check = typeof kind === 'string' ? shapes[kind] : undefined;
    if (!check) fail(join(path, key), 'not-one-of', `must be one of ${kinds.map((entry) => JSON.stringify(entry)).join(', ')} (is ${describe(kind)})`, { allowed: kinds.join(', ') });
    check(value, path);
  };
}

/** Both checks, in order. */
export function both(first: Check, second: Check): Check {
  return (value, path) => {
    first(value, path);
    second(value, path);
  };
}

/** A check of the app's own (a codebook parser, a name rule): its error's words become the detail. */
export function refusedBy(run: (value: unknown) => void): Check {
  return (value, path) => {
    try {
      run(value);
    } catch (error) {
      if (error instanceof RowProblem) throw error;
      fail(path, 'refused', error instanceof Error ? error.message : String(error));
    }
  };
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'a list';
  if (ArrayBuffer.isView(value)) return 'binary data';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value).slice(0, 40)}`;
}
