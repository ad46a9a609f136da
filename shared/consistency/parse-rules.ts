import { fieldById, labelByCode } from '../codebook/lookup';
import type { BilingualText, Codebook, FieldDef } from '../codebook/types';
import { PLACEHOLDERS, type ConsistencyRule, type ConsistencyRules, type RuleKind } from './types';

const KINDS = Object.keys(PLACEHOLDERS) as RuleKind[];

/** Thrown by parseConsistencyRules; `problems` lists every problem found, each with its JSON path. */
export class ConsistencyRulesError extends Error {
  readonly problems: string[];
  constructor(source: string, problems: string[]) {
    super(`Invalid consistency rules ${source}:\n- ${problems.join('\n- ')}`);
    this.name = 'ConsistencyRulesError';
    this.problems = problems;
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects every problem (like the codebook's reader) so an author can fix the file in one go. */
class RuleReader {
  readonly problems: string[] = [];
  constructor(private readonly codebook: Codebook) {}

  string(obj: Json, key: string, path: string): string {
    const value = obj[key];
    if (typeof value === 'string' && value.trim().length > 0) return value;
    this.problems.push(`${path}.${key} must be a non-empty string`);
    return '';
  }

  bilingual(obj: Json, key: string, path: string, kind?: RuleKind): BilingualText {
    const value = obj[key];
    if (!isObject(value)) {
      this.problems.push(`${path}.${key} must be an object {"zh": "…", "en": "…"}`);
      return { zh: '', en: '' };
    }
    const text = { zh: this.string(value, 'zh', `${path}.${key}`), en: this.string(value, 'en', `${path}.${key}`) };
    if (kind) {
      for (const lang of ['zh', 'en'] as const) {
        for (const match of text[lang].matchAll(/\{([^{}]*)\}/g)) {
          if (!PLACEHOLDERS[kind].includes(match[1])) {
            this.problems.push(`${path}.${key}.${lang}: {${match[1]}} is not a placeholder of ${kind} (use ${PLACEHOLDERS[kind].map((name) => `{${name}}`).join(', ')})`);
          }
        }
      }
    }
    return text;
  }

  field(obj: Json, key: string, path: string, labelled = true): FieldDef | undefined {
    const id = this.string(obj, key, path);
    if (!id) return undefined;
    const field = fieldById(this.codebook, id);
    if (!field) this.problems.push(`${path}.${key}: the codebook has no field "${id}"`);
    else if (labelled && field.type === 'text') {
      this.problems.push(`${path}.${key}: "${id}" is a text field; this rule needs a field with labels`);
      // its codes are not checked against a field without labels: that would only repeat this problem
      return undefined;
    }
    return field;
  }

  codes(obj: Json, key: string, path: string, field: FieldDef | undefined): string[] {
    const value = obj[key];
    if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string')) {
      this.problems.push(`${path}.${key} must be a non-empty list of label codes`);
      return [];
    }
    if (field) for (const code of value) this.code(field, code, `${path}.${key}`);
    return [...value];
  }

  code(field: FieldDef, code: string, path: string): void {
    if (!labelByCode(field, code)) this.problems.push(`${path}: "${code}" is not a label of "${field.id}" (${field.labels.map((label) => label.code).join(', ')})`);
  }

  fieldList(obj: Json, key: string, path: string): string[] | undefined {
    const value = obj[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
      this.problems.push(`${path}.${key} must be a list of field ids`);
      return [];
    }
    for (const id of value) if (!fieldById(this.codebook, id)) this.problems.push(`${path}.${key}: the codebook has no field "${id}"`);
    return [...value];
  }
}

function readRule(reader: RuleReader, raw: unknown, path: string): ConsistencyRule | null {
  if (!isObject(raw)) {
    reader.problems.push(`${path} must be an object`);
    return null;
  }
  const id = reader.string(raw, 'id', path);
  if (id && !/^[A-Za-z][A-Za-z0-9_-]*$/.test(id)) reader.problems.push(`${path}.id "${id}" must be ASCII letters, digits, _ and -`);
  const kind = KINDS.find((candidate) => candidate === raw.kind);
  if (kind === undefined) {
    reader.problems.push(`${path}.kind must be one of ${KINDS.join(', ')}`);
    return null;
  }
  const base = { id, description: reader.bilingual(raw, 'description', path), reason: reader.bilingual(raw, 'reason', path, kind) };
  switch (kind) {
    case 'value-on-inapplicable-field':
      return { ...base, kind, fields: reader.fieldList(raw, 'fields', path), exceptFields: reader.fieldList(raw, 'exceptFields', path) ?? [] };
    case 'transfer-without-change': {
      const field = reader.field(raw, 'field', path);
      const code = reader.string(raw, 'code', path);
      if (field && code) reader.code(field, code, `${path}.code`);
      const setField = reader.field(raw, 'setField', path);
      if (setField && setField.type !== 'set') reader.problems.push(`${path}.setField: "${setField.id}" is a ${setField.type} field; this rule compares sets`);
      return { ...base, kind, field: field?.id ?? '', code, setField: setField?.id ?? '' };
    }
    case 'state-without-follow-up': {
      const triggerField = reader.field(raw, 'triggerField', path);
      const followUpField = reader.field(raw, 'followUpField', path);
      const withinTurns = raw.withinTurns;
      if (typeof withinTurns !== 'number' || !Number.isInteger(withinTurns) || withinTurns < 1) {
        reader.problems.push(`${path}.withinTurns must be a whole number of turns, 1 or more`);
      }
      return {
        ...base,
        kind,
        triggerField: triggerField?.id ?? '',
        triggerCodes: reader.codes(raw, 'triggerCodes', path, triggerField),
        followUpField: followUpField?.id ?? '',
        followUpCodes: reader.codes(raw, 'followUpCodes', path, followUpField),
        withinTurns: typeof withinTurns === 'number' ? withinTurns : 1,
      };
    }
    case 'label-outside-codebook':
      if (raw.includeOpenVocabulary !== undefined && typeof raw.includeOpenVocabulary !== 'boolean') {
        reader.problems.push(`${path}.includeOpenVocabulary must be true or false`);
      }
      return { ...base, kind, includeOpenVocabulary: raw.includeOpenVocabulary === true };
  }
}

/**
 * Validates a rules file against the codebook it checks: every field and code it names must be
 * the codebook's, every reason may use only its kind's placeholders. Throws ConsistencyRulesError
 * listing every problem with its JSON path.
 */
export function parseConsistencyRules(json: unknown, codebook: Codebook, file = 'consistency rules'): ConsistencyRules {
  if (!isObject(json)) throw new ConsistencyRulesError(file, ['the file must hold one JSON object']);
  const reader = new RuleReader(codebook);
  const codebookId = reader.string(json, 'codebookId', '$');
  if (codebookId && codebookId !== codebook.id) {
    reader.problems.push(`$.codebookId: the rules are for codebook "${codebookId}", not "${codebook.id}"`);
  }
  if (!Array.isArray(json.rules)) reader.problems.push('$.rules must be a list');
  const rules = (Array.isArray(json.rules) ? json.rules : [])
    .map((rule, i) => readRule(reader, rule, `$.rules[${i}]`))
    .filter((rule): rule is ConsistencyRule => rule !== null);
  const seen = new Set<string>();
  for (const rule of rules) {
    if (rule.id && seen.has(rule.id)) reader.problems.push(`$.rules: rule id "${rule.id}" appears twice`);
    seen.add(rule.id);
  }
  if (reader.problems.length > 0) throw new ConsistencyRulesError(file, reader.problems);
  return { codebookId, rules };
}
