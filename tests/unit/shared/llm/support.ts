import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCodebook } from '../../../../shared/codebook';
import type { Codebook, FieldDef } from '../../../../shared/codebook';
import { parseSourceFile } from '../../../../shared/import';
import { askedFields, type AskedField, type DialogueTurn, type JsonSchema, type TurnWindow } from '../../../../shared/llm';
import type { ParsedDialogue } from '../../../../shared/model/dataset';
import { RESOURCES_DIR } from '../../../support/repo-paths';

/** The shipped codebook, read from its resource file through the codebook parser (as the app loads a user's codebook). */
export const SID_CODEBOOK: Codebook = parseCodebook(JSON.parse(readFileSync(join(RESOURCES_DIR, 'codebooks', 'sid-default.json'), 'utf8')), 'sid-default.json');

/** A group's own codebook: other field ids, a student-only yes/no field spelled only 是/否, an open set, no free-text field besides the utterance. */
export const CUSTOM_CODEBOOK: Codebook = parseCodebook(
  {
    id: 'math-moves',
    version: '0.3',
    name: { zh: '数学对话动作', en: 'Math talk moves' },
    fields: [
      { id: 'speaker', name: { zh: '说话人', en: 'Speaker' }, type: 'single', labels: [
        { code: 'teacher', name: { zh: '教师', en: 'Teacher' } },
        { code: 'student', name: { zh: '学生', en: 'Student' } },
      ] },
      { id: 'utterance', name: { zh: '话语', en: 'Utterance' }, type: 'text' },
      { id: 'move', name: { zh: '话步', en: 'Talk move' }, type: 'single', appliesTo: 'teacher', description: { zh: '', en: 'What the teacher does with the turn.' }, labels: [
        { code: 'revoice', name: { zh: '复述', en: 'Revoicing' }, aliases: ['restate'], definition: { zh: '', en: 'Repeats what a student said.' } },
        { code: 'press', name: { zh: '追问理由', en: 'Press for reasoning' } },
        { code: 'wait', name: { zh: '等待', en: 'Wait time' } },
      ] },
      { id: 'topics', name: { zh: '主题', en: 'Topics' }, type: 'set', openVocabulary: true, labels: [
        { code: 'fractions', name: { zh: '分数', en: 'Fractions' } },
        { code: 'geometry', name: { zh: '几何', en: 'Geometry' } },
      ] },
      { id: 'on_task', name: { zh: '切题', en: 'On task' }, type: 'boolean', appliesTo: 'student', labels: [
        { code: 'on', name: { zh: '是', en: 'On task' } },
        { code: 'off', name: { zh: '否', en: 'Off task' } },
      ] },
      { id: 'depth', name: { zh: '深度', en: 'Depth' }, type: 'ordinal', labels: [
        { code: 'd1', name: { zh: '浅', en: 'Shallow' } },
        { code: 'd2', name: { zh: '中', en: 'Middle' } },
        { code: 'd3', name: { zh: '深', en: 'Deep' } },
      ] },
    ],
  },
  'math-moves.json',
);

/** The bundled sample's 36 dialogues (three teacher models), imported with the shipped codebook. */
export function sampleDialogues(): ParsedDialogue[] {
  const root = join(RESOURCES_DIR, 'sample');
  const dialogues: ParsedDialogue[] = [];
  for (const folder of readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()) {
    for (const name of readdirSync(join(root, folder)).sort()) {
      const file = parseSourceFile({ name: `${folder}/${name}`, text: readFileSync(join(root, folder, name), 'utf8') }, { codebook: SID_CODEBOOK });
      dialogues.push(...file.dialogues);
    }
  }
  return dialogues;
}

export type Spelling = 'code' | 'zh' | 'en' | 'alias';

export function spell(field: FieldDef, code: string, spelling: Spelling): string {
  const label = field.labels.find((candidate) => candidate.code === code)!;
  if (spelling === 'zh') return label.name.zh;
  if (spelling === 'en') return label.name.en;
  if (spelling === 'alias' && label.aliases.length > 0) return label.aliases[0];
  return code;
}

/** The codes a turn should get for a field it applies to: the import's codes when clean, else the field's first label. */
export function intendedCodes(asked: AskedField, pre: ParsedDialogue['turns'][number]['pre']): string[] {
  const value = pre[asked.field.id];
  const clean = value && value.status === 'ok' && value.codes.length > 0;
  if (asked.shape === 'labels') return clean ? value.codes : [asked.field.labels[0].code];
  return clean ? [value.codes[0]] : [asked.field.labels[0].code];
}

/**
 * A correct answer for `window`, as a model would write it: the labels the import read from the
 * sample file, spelled as `spelling` picks (code, Chinese or English name, alias), null where a
 * field does not apply.
 */
export function answerFromPre(codebook: Codebook, dialogue: ParsedDialogue, window: TurnWindow, spelling: (field: FieldDef) => Spelling = () => 'code') {
  const asked = askedFields(codebook);
  const turns = [];
  for (let index = window.start; index < window.end; index++) {
    const turn = dialogue.turns[index];
    const entry: Record<string, unknown> = { turn: index + 1 };
    for (const field of asked) {
      const applies = field.field.appliesTo === 'all' || field.field.appliesTo === turn.speaker;
      if (!applies) entry[field.field.id] = null;
      else {
        const codes = intendedCodes(field, turn.pre);
        if (field.shape === 'boolean') entry[field.field.id] = codes[0] === field.booleanCodes!.true;
        else if (field.shape === 'labels') entry[field.field.id] = codes.map((code) => spell(field.field, code, spelling(field.field)));
        else entry[field.field.id] = spell(field.field, codes[0], spelling(field.field));
      }
    }
    turns.push(entry);
  }
  return { turns };
}

export function turnsOf(dialogue: ParsedDialogue): DialogueTurn[] {
  return dialogue.turns.map((turn) => ({ speaker: turn.speaker, utterance: turn.utterance }));
}

/**
 * Whether `value` conforms to `schema`, for the keywords answerSchema uses (type, enum, anyOf,
 * items, properties, required, additionalProperties: false): enough to show the schema accepts
 * the answers checkAnswer accepts and refuses the shapes it should.
 */
export function conforms(schema: JsonSchema, value: unknown): boolean {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).some((option) => conforms(option, value));
  if (Array.isArray(schema.enum) && !(schema.enum as unknown[]).includes(value)) return false;
  switch (schema.type) {
    case 'null':
      return value === null;
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return Number.isInteger(value);
    case 'array':
      return Array.isArray(value) && value.every((item) => conforms(schema.items as JsonSchema, item));
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      const record = value as Record<string, unknown>;
      const properties = schema.properties as Record<string, JsonSchema>;
      if ((schema.required as string[]).some((key) => !Object.hasOwn(record, key))) return false;
      if (schema.additionalProperties === false && Object.keys(record).some((key) => !Object.hasOwn(properties, key))) return false;
      return Object.entries(record).every(([key, item]) => conforms(properties[key], item));
    }
    default:
      throw new Error(`conforms: the schema uses ${JSON.stringify(schema.type)}, which this test validator does not know`);
  }
}
