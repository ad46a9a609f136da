import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CodebookError, DEFAULT_CODEBOOK, fieldAppliesTo, fieldById, labelByCode, labelName, parseCodebook } from '../../../../shared/codebook';

const resource = JSON.parse(readFileSync(new URL('../../../../resources/codebooks/sid-default.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('DEFAULT_CODEBOOK', () => {
  it('holds the nine SID fields of the resource file', () => {
    expect(DEFAULT_CODEBOOK.fields.map((field) => field.id)).toEqual([
      'speaker',
      'utterance',
      'teacher_intent',
      'teaching_strategy',
      'discipline',
      'discipline_transfer',
      'student_cognition_state',
      'teacher_guidance_level',
      'cognitive_level',
    ]);
    expect(DEFAULT_CODEBOOK.id).toBe(resource.id);
  });

  it('looks up fields and labels', () => {
    const intent = fieldById(DEFAULT_CODEBOOK, 'teacher_intent');
    expect(intent?.type).toBe('single');
    expect(fieldById(DEFAULT_CODEBOOK, 'nope')).toBeUndefined();
    const label = intent && labelByCode(intent, 'guide_reasoning');
    expect(label && labelName(label, 'zh')).toBe('引导推理');
    expect(label && labelName(label, 'en')).toBe('Guide reasoning');
    expect(intent && labelByCode(intent, 'nope')).toBeUndefined();
  });

  it('labelName falls back to the other language, then the code', () => {
    const label = { code: 'x', name: { zh: '', en: 'Only English' }, aliases: [], definition: { zh: '', en: '' }, example: { zh: '', en: '' } };
    expect(labelName(label, 'zh')).toBe('Only English');
    expect(labelName({ ...label, name: { zh: '', en: '' } }, 'en')).toBe('x');
  });

  it('knows to whom a field applies', () => {
    const intent = fieldById(DEFAULT_CODEBOOK, 'teacher_intent')!;
    const state = fieldById(DEFAULT_CODEBOOK, 'student_cognition_state')!;
    const discipline = fieldById(DEFAULT_CODEBOOK, 'discipline')!;
    expect([fieldAppliesTo(intent, 'teacher'), fieldAppliesTo(intent, 'student'), fieldAppliesTo(intent, 'other')]).toEqual([true, false, false]);
    expect([fieldAppliesTo(state, 'teacher'), fieldAppliesTo(state, 'student')]).toEqual([false, true]);
    expect(fieldAppliesTo(discipline, 'other')).toBe(true);
  });
});

describe('parseCodebook', () => {
  it('accepts the shipped resource', () => {
    expect(parseCodebook(resource).fields).toHaveLength(9);
  });

  it('rejects a non-object', () => {
    expect(() => parseCodebook([], 'x.json')).toThrow(/Invalid codebook x\.json/);
  });

  it('lists every problem with its JSON path', () => {
    const broken = structuredClone(resource) as { fields: Record<string, unknown>[] };
    broken.fields[2].type = 'multi';
    (broken.fields[3].labels as Record<string, unknown>[])[0].name = 'oops';
    try {
      parseCodebook(broken, 'mine.json');
      expect.unreachable('parseCodebook accepted a broken codebook');
    } catch (error) {
      expect(error).toBeInstanceOf(CodebookError);
      const problems = (error as CodebookError).problems;
      expect(problems).toContain('fields[2].type must be one of single, set, ordinal, boolean, text');
      expect(problems).toContain('fields[3].labels[0].name must be an object {"zh": "…", "en": "…"}');
    }
  });

  it('rejects a spelling shared by two labels of one field and duplicate field ids', () => {
    const broken = structuredClone(resource) as { fields: { id: string; labels: { aliases: string[] }[] }[] };
    broken.fields[2].labels[0].aliases.push('检测理解');
    broken.fields[4].id = 'teacher_intent';
    expect(() => parseCodebook(broken)).toThrow(/"检测理解" names both "check_understanding" and "introduce_concepts"|"检测理解" names both "introduce_concepts" and "check_understanding"/);
    expect(() => parseCodebook(broken)).toThrow(/field id "teacher_intent" appears twice/);
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('rejects the field id %s, a name every object inherits', (id) => {
    const broken = structuredClone(resource) as { fields: { id: string }[] };
    broken.fields[3].id = id;
    expect(() => parseCodebook(broken)).toThrow(new RegExp(`field id "${id}" is a name every JavaScript object already has`));
  });
});
