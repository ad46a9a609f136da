import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK, fieldById, normalizeValue } from '../../../../shared/codebook';
import type { FieldDef } from '../../../../shared/codebook';

function field(id: string): FieldDef {
  const found = fieldById(DEFAULT_CODEBOOK, id);
  if (!found) throw new Error(`no field ${id}`);
  return found;
}

describe('normalizeValue: the quirks of sid-format.md', () => {
  it('理解 as a cognition state is unknown, kept raw', () => {
    expect(normalizeValue(field('student_cognition_state'), '理解')).toEqual({ raw: '理解', codes: [], unknown: ['理解'], status: 'unknown' });
  });

  it('理解（Understand） as a cognition state is unknown too', () => {
    const value = normalizeValue(field('student_cognition_state'), '理解（Understand）');
    expect(value.status).toBe('unknown');
    expect(value.codes).toEqual([]);
    expect(value.raw).toBe('理解（Understand）');
  });

  it('理解（Understand） as a Bloom level is understand, in both widths', () => {
    expect(normalizeValue(field('cognitive_level'), '理解（Understand）')).toMatchObject({ codes: ['understand'], status: 'ok' });
    expect(normalizeValue(field('cognitive_level'), '理解 (understand)')).toMatchObject({ codes: ['understand'], status: 'ok' });
  });

  it('a gloss whose two halves name different labels is not resolved', () => {
    expect(normalizeValue(field('cognitive_level'), '理解（Apply）').status).toBe('unknown');
  });

  it('an intent given as a strategy (引导推理) is unknown', () => {
    expect(normalizeValue(field('teaching_strategy'), '引导推理')).toEqual({ raw: '引导推理', codes: [], unknown: ['引导推理'], status: 'unknown' });
  });

  it.each([
    ['生物,地理'],
    ['生物, 地理'],
    ['生物，地理'],
    ['生物、地理'],
    ['生物;地理'],
    ['生物；地理'],
    ['生物/地理'],
    ['生物 ／ 地理'],
    ['  生物 ,  地理  '],
  ])('splits the set %j into biology and geography', (raw) => {
    expect(normalizeValue(field('discipline'), raw)).toEqual({ raw, codes: ['biology', 'geography'], unknown: [], status: 'ok' });
  });

  it('keeps three disciplines in order of appearance without repeats', () => {
    expect(normalizeValue(field('discipline'), '历史, 生物, 地理, 生物').codes).toEqual(['history', 'biology', 'geography']);
  });

  it('matches English names, aliases and codes ignoring case and width', () => {
    expect(normalizeValue(field('teacher_intent'), 'reasoning scaffolding').codes).toEqual(['guide_reasoning']);
    expect(normalizeValue(field('teacher_intent'), 'GUIDE_REASONING').codes).toEqual(['guide_reasoning']);
    expect(normalizeValue(field('teacher_guidance_level'), 'Ｌ２').codes).toEqual(['L2']);
    expect(normalizeValue(field('discipline'), 'Information Technology, math').codes).toEqual(['information_technology', 'mathematics']);
    expect(normalizeValue(field('speaker'), '老师').codes).toEqual(['teacher']);
  });

  it('a name containing a separator still matches as a whole', () => {
    expect(normalizeValue(field('teacher_guidance_level'), 'L3 open / inferential').codes).toEqual(['L3']);
  });

  it('a one-value field given several values is unknown with every part listed', () => {
    expect(normalizeValue(field('teacher_intent'), '引导推理, 检测理解')).toEqual({
      raw: '引导推理, 检测理解',
      codes: [],
      unknown: ['引导推理', '检测理解'],
      status: 'unknown',
    });
    expect(normalizeValue(field('discipline_transfer'), '是/否').status).toBe('unknown');
  });

  it('a set with one unknown part keeps the known codes and lists the unknown part', () => {
    expect(normalizeValue(field('teaching_strategy'), '追问、引导推理')).toEqual({
      raw: '追问、引导推理',
      codes: ['follow_up_questioning'],
      unknown: ['引导推理'],
      status: 'unknown',
    });
  });

  it('an open vocabulary reports a new discipline as unknown (the importer softens it)', () => {
    expect(normalizeValue(field('discipline'), '天文, 地理')).toMatchObject({ codes: ['geography'], unknown: ['天文'], status: 'unknown' });
  });

  it('empty and blank values are empty, raw kept exactly', () => {
    expect(normalizeValue(field('teacher_intent'), '')).toEqual({ raw: '', codes: [], unknown: [], status: 'empty' });
    expect(normalizeValue(field('teacher_intent'), '  ')).toEqual({ raw: '  ', codes: [], unknown: [], status: 'empty' });
  });

  it('keeps surrounding whitespace in raw while matching', () => {
    expect(normalizeValue(field('discipline_transfer'), ' 是 ')).toEqual({ raw: ' 是 ', codes: ['yes'], unknown: [], status: 'ok' });
  });

  it('text fields are ok or empty and never have codes', () => {
    expect(normalizeValue(field('utterance'), '你好[结束]')).toEqual({ raw: '你好[结束]', codes: [], unknown: [], status: 'ok' });
    expect(normalizeValue(field('utterance'), '').status).toBe('empty');
  });

  it('returns independent objects even when memoised', () => {
    const first = normalizeValue(field('discipline'), '生物');
    first.codes.push('tampered');
    expect(normalizeValue(field('discipline'), '生物').codes).toEqual(['biology']);
  });
});
