import { foldForMatch } from './text-fold';
import type { AppliesTo, BilingualText, Codebook, FieldDef, FieldType, LabelDef } from './types';

const FIELD_TYPES: readonly FieldType[] = ['single', 'set', 'ordinal', 'boolean', 'text'];
const APPLIES_TO: readonly AppliesTo[] = ['all', 'teacher', 'student'];

/** Thrown by parseCodebook; `problems` lists every problem found, each with its JSON path. */
export class CodebookError extends Error {
  readonly problems: string[];
  constructor(source: string, problems: string[]) {
    super(`Invalid codebook ${source}:\n- ${problems.join('\n- ')}`);
    this.name = 'CodebookError';
    this.problems = problems;
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects problems instead of stopping at the first, so a codebook author can fix all at once. */
class Reader {
  readonly problems: string[] = [];

  string(obj: Json, key: string, path: string, fallback?: string): string {
    const value = obj[key];
    if (typeof value === 'string' && (value.length > 0 || fallback !== undefined)) return value;
    if (value === undefined && fallback !== undefined) return fallback;
    this.problems.push(`${path}.${key} must be a non-empty string`);
    return fallback ?? '';
  }

  bilingual(obj: Json, key: string, path: string, required: boolean): BilingualText {
    const value = obj[key];
    if (value === undefined && !required) return { zh: '', en: '' };
    if (!isObject(value)) {
      this.problems.push(`${path}.${key} must be an object {"zh": "…", "en": "…"}`);
      return { zh: '', en: '' };
    }
    const fallback = required ? undefined : '';
    return { zh: this.string(value, 'zh', `${path}.${key}`, fallback), en: this.string(value, 'en', `${path}.${key}`, fallback) };
  }

  strings(obj: Json, key: string, path: string): string[] {
    const value = obj[key];
    if (value === undefined) return [];
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return [...value];
    this.problems.push(`${path}.${key} must be a list of strings`);
    return [];
  }
}

function readLabel(reader: Reader, raw: unknown, path: string): LabelDef | null {
  if (!isObject(raw)) {
    reader.problems.push(`${path} must be an object`);
    return null;
  }
  const code = reader.string(raw, 'code', path);
  if (code && !/^[A-Za-z][A-Za-z0-9_]*$/.test(code)) {
    reader.problems.push(`${path}.code "${code}" must be ASCII letters, digits and underscores`);
  }
  return {
    code,
    name: reader.bilingual(raw, 'name', path, true),
    aliases: reader.strings(raw, 'aliases', path),
    definition: reader.bilingual(raw, 'definition', path, false),
    example: reader.bilingual(raw, 'example', path, false),
  };
}

/** Two labels of one field must not share a spelling, or normalisation would be ambiguous. */
function checkSpellings(reader: Reader, field: FieldDef, path: string): void {
  const owner = new Map<string, string>();
  const codes = new Set<string>();
  for (const label of field.labels) {
    if (codes.has(label.code)) reader.problems.push(`${path}: label code "${label.code}" appears twice`);
    codes.add(label.code);
    for (const spelling of [label.code, label.name.zh, label.name.en, ...label.aliases]) {
      const folded = foldForMatch(spelling);
      if (!folded) continue;
      const previous = owner.get(folded);
      if (previous !== undefined && previous !== label.code) {
        reader.problems.push(`${path}: "${spelling}" names both "${previous}" and "${label.code}"`);
      }
      owner.set(folded, label.code);
    }
  }
}

function readField(reader: Reader, raw: unknown, path: string): FieldDef | null {
  if (!isObject(raw)) {
    reader.problems.push(`${path} must be an object`);
    return null;
  }
  const type = FIELD_TYPES.find((candidate) => candidate === raw.type);
  if (type === undefined) reader.problems.push(`${path}.type must be one of ${FIELD_TYPES.join(', ')}`);
  const appliesTo = APPLIES_TO.find((candidate) => candidate === (raw.appliesTo ?? 'all'));
  if (appliesTo === undefined) reader.problems.push(`${path}.appliesTo must be one of ${APPLIES_TO.join(', ')}`);
  const rawLabels = raw.labels ?? [];
  if (!Array.isArray(rawLabels)) reader.problems.push(`${path}.labels must be a list`);
  const labels = (Array.isArray(rawLabels) ? rawLabels : [])
    .map((label, i) => readLabel(reader, label, `${path}.labels[${i}]`))
    .filter((label): label is LabelDef => label !== null);
  if (type !== 'text' && labels.length === 0 && raw.openVocabulary !== true) {
    reader.problems.push(`${path} has no labels (only text fields and open vocabularies may have none)`);
  }
  if (raw.openVocabulary !== undefined && typeof raw.openVocabulary !== 'boolean') {
    reader.problems.push(`${path}.openVocabulary must be true or false`);
  }
  const field: FieldDef = {
    id: reader.string(raw, 'id', path),
    name: reader.bilingual(raw, 'name', path, true),
    type: type ?? 'text',
    appliesTo: appliesTo ?? 'all',
    labels,
    openVocabulary: raw.openVocabulary === true,
    description: reader.bilingual(raw, 'description', path, false),
  };
  checkSpellings(reader, field, path);
  return field;
}

/**
 * Validates codebook JSON (as read from resources/codebooks/*.json or a user file) and
 * returns a typed Codebook. Throws CodebookError listing every problem with its JSON path.
 */
export function parseCodebook(json: unknown, file = 'codebook'): Codebook {
  const reader = new Reader();
  if (!isObject(json)) throw new CodebookError(file, ['the file must hold one JSON object']);
  const rawFields = json.fields;
  if (!Array.isArray(rawFields) || rawFields.length === 0) reader.problems.push('fields must be a non-empty list');
  const fields = (Array.isArray(rawFields) ? rawFields : [])
    .map((field, i) => readField(reader, field, `fields[${i}]`))
    .filter((field): field is FieldDef => field !== null);
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field.id)) reader.problems.push(`field id "${field.id}" appears twice`);
    // field ids become keys of every turn's values: `constructor` or `__proto__` would read as (or replace) what every object inherits
    if (field.id in Object.prototype) reader.problems.push(`field id "${field.id}" is a name every JavaScript object already has; choose another`);
    seen.add(field.id);
  }
  const codebook: Codebook = {
    id: reader.string(json, 'id', '$'),
    name: reader.bilingual(json, 'name', '$', true),
    version: reader.string(json, 'version', '$'),
    fields,
  };
  if (reader.problems.length > 0) throw new CodebookError(file, reader.problems);
  return codebook;
}
