/**
 * readOneToOneRecord (validate's way through a record without building it) may only ever be
 * stricter than parseSidRecord: whenever it takes a record, it must write exactly the issues
 * parseSidRecord writes for it (the same messages, lines, turns and fields, in the same order)
 * and count the same turns, annotations and id; whenever it declines, it must write nothing.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { IssueSink } from '../../../../shared/import/issues';
import { readOneToOneRecord } from '../../../../shared/import/sid/one-to-one-record';
import { parseSidRecord } from '../../../../shared/import/sid/sid-record';
import { generateSidJsonl } from '../../../bench/generate';
import { variedSidJsonl } from '../../../support/varied-sid-jsonl';

type Json = Record<string, unknown>;

interface Outcome {
  taken: boolean;
  /** the record had issues other than label warnings under parseSidRecord */
  otherIssues: boolean;
  labelWarnings: number;
}

const LABEL_WARNINGS = new Set(['unknown-label', 'not-applicable-value']);

/** Runs both readers on one record and checks the promise above; says what happened. */
function compare(record: unknown, line = 7, codebook = DEFAULT_CODEBOOK): Outcome {
  const lean = new IssueSink('f.jsonl');
  const counted = readOneToOneRecord(record, codebook, line, lean);
  const full = new IssueSink('f.jsonl');
  const parsed = parseSidRecord(record, { file: 'f.jsonl', line, codebook, teacherModel: 'm', issues: full, checkOnly: true, readOnlyValues: true, withoutEntryExtras: true });
  const otherIssues = full.items.some((issue) => !LABEL_WARNINGS.has(issue.code));
  const labelWarnings = full.items.length - full.items.filter((issue) => !LABEL_WARNINGS.has(issue.code)).length;
  if (counted === null) {
    expect(lean.items).toEqual([]);
    return { taken: false, otherIssues, labelWarnings };
  }
  expect(lean.items).toEqual(full.items);
  expect(parsed).not.toBeNull();
  expect(counted.turns).toBe(parsed!.dialogue.turns.length);
  expect(counted.turns).toBeGreaterThan(0);
  expect(counted.annotations).toBe(parsed!.annotations);
  expect(counted.externalId ?? `f.jsonl:${line}`).toBe(parsed!.dialogue.externalId);
  return { taken: true, otherIssues, labelWarnings };
}

function records(text: string): unknown[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as unknown];
      } catch {
        return [];
      }
    });
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('readOneToOneRecord takes a record only when it tells what parseSidRecord tells', () => {
  it.each([1, 2, 3])('on the benchmark generator’s records, most of which it takes, label warnings included (seed %i)', (seed) => {
    const outcomes = records(generateSidJsonl({ dialogues: 1500, seed })).map((record, i) => compare(record, i + 1));
    const taken = outcomes.filter((outcome) => outcome.taken);
    expect(taken.length / outcomes.length).toBeGreaterThan(0.7);
    expect(taken.some((outcome) => outcome.labelWarnings > 0)).toBe(true);
    // whatever else parseSidRecord reports, the lean reader left to it
    expect(taken.every((outcome) => !outcome.otherIssues)).toBe(true);
    expect(outcomes.some((outcome) => !outcome.taken && outcome.otherIssues)).toBe(true);
  });

  it.each([1, 2, 3, 4, 5, 6])('on seeded records with errors and warnings of every kind (seed %i)', (seed) => {
    const outcomes = records(variedSidJsonl(400, seed)).map((record, i) => compare(record, i + 1));
    expect(outcomes.filter((outcome) => outcome.taken).length).toBeGreaterThan(50);
    expect(outcomes.filter((outcome) => !outcome.taken && outcome.otherIssues).length).toBeGreaterThan(50);
  });

  const base = (): Json => ({
    topic_id: 1,
    student_id: 'S1',
    repeat_id: 2,
    dialogue: [
      { role: '教师', content: '你好，今天我们学习什么？' },
      { role: '学生', content: '学习光合作用。' },
    ],
    annotations: [
      { speaker: '教师', utterance: '你好，今天我们学习什么？', teacher_intent: '引发迁移', teacher_guidance_level: 'L3', cognitive_level: '理解' },
      { speaker: '学生', utterance: '学习光合作用。', student_cognition_state: '错误回答', cognitive_level: '记忆' },
    ],
  });
  const edit = (change: (record: Json) => void): Json => {
    const record = clone(base());
    change(record);
    return record;
  };
  const turn = (record: Json, i: number) => (record.dialogue as Json[])[i];
  const entry = (record: Json, i: number) => (record.annotations as Json[])[i];

  const declined: [string, unknown][] = [
    ['a list, not an object', [base()]],
    ['no dialogue', edit((r) => delete r.dialogue)],
    ['a turn that is not an object', edit((r) => ((r.dialogue as unknown[])[1] = 'text'))],
    ['a turn without text', edit((r) => delete turn(r, 1).content)],
    ['a role that is no speaker', edit((r) => (turn(r, 0).role = '旁白'))],
    ['a role that is no speaker, its annotation naming none', edit((r) => ((turn(r, 0).role = '旁白'), delete entry(r, 0).speaker))],
    ['an annotation that is not an object', edit((r) => ((r.annotations as unknown[])[1] = 3))],
    ['annotations that are not a list', edit((r) => (r.annotations = { a: 1 }))],
    ['fewer annotations than turns', edit((r) => (r.annotations as unknown[]).pop())],
    ['more annotations than turns', edit((r) => (r.annotations as unknown[]).push(clone(entry(r, 1))))],
    ['annotations in the other order', edit((r) => (r.annotations as unknown[]).reverse())],
    ['an annotation of the other speaker', edit((r) => (entry(r, 1).speaker = '教师'))],
    ['an annotation whose text is another turn’s', edit((r) => (entry(r, 1).utterance = '完全不同的一句话'))],
    ['an annotation without text', edit((r) => delete entry(r, 0).utterance)],
    ['texts of punctuation only, equal once folded', edit((r) => ((turn(r, 1).content = '。。。'), (entry(r, 1).utterance = '！！')))],
    ['an id too large to hold', JSON.parse(JSON.stringify(base()).replace('"topic_id":1', '"topic_id":1e999'))],
    ['an id past 2^53', JSON.parse(JSON.stringify(base()).replace('"topic_id":1', '"topic_id":12345678901234567890'))],
    ['an id that is a list', edit((r) => (r.repeat_id = [2]))],
    ['an id that is a boolean', edit((r) => (r.student_id = true))],
    ['a fractional id', edit((r) => (r.repeat_id = 2.5))],
    ['an id like a spreadsheet formula', edit((r) => (r.topic_id = '=HYPERLINK("x")'))],
    ['a header text that is a list', edit((r) => (r.student_type = ['a']))],
    ['a header text that is a number', edit((r) => (r.topic_text = 5))],
    ['review provenance to restore', edit((r) => (r.maieutic = { unaligned: [{ index: 2, raw: { utterance: 'x', speaker: '学生' } }] }))],
  ];

  it.each(declined)('declines a record with %s, and parseSidRecord reports more than labels there', (_name, record) => {
    const outcome = compare(record);
    expect(outcome.taken).toBe(false);
    expect(outcome.otherIssues).toBe(true);
  });

  const taken: [string, unknown][] = [
    ['every label known', base()],
    ['no annotations at all', edit((r) => delete r.annotations)],
    ['annotations null', edit((r) => (r.annotations = null))],
    ['an unknown label', edit((r) => (entry(r, 0).teacher_intent = '随便说说'))],
    ['a set of one known and one unknown label', edit((r) => (entry(r, 0).discipline = '物理; 炼金术'))],
    ['several values for a one-value field', edit((r) => (entry(r, 1).cognitive_level = '记忆、理解'))],
    ['a teacher field on a student turn', edit((r) => (entry(r, 1).teacher_guidance_level = 'L2'))],
    ['separators only', edit((r) => (entry(r, 0).discipline = ',,,、、、'))],
    ['a list and a number as values', edit((r) => ((entry(r, 0).discipline = ['生物', '地理']), (entry(r, 1).cognitive_level = 3)))],
    ['a re-punctuated annotation text', edit((r) => (entry(r, 0).utterance = '你好 今天我们学习什么'))],
    ['the speaker and text keys of other names', edit((r) => ((turn(r, 0).speaker = turn(r, 0).role), delete turn(r, 0).role, (turn(r, 0).text = turn(r, 0).content), delete turn(r, 0).content))],
    ['an annotation without a speaker', edit((r) => delete entry(r, 1).speaker)],
    ['string ids and one missing', edit((r) => ((r.topic_id = 'T-9'), delete r.repeat_id))],
    ['extra keys, __proto__ among them', JSON.parse(JSON.stringify(base()).replace('"topic_id"', '"__proto__":{"x":1},"note":"n","topic_id"'))],
  ];

  it('declines an empty dialogue, which the file check (not parseSidRecord) warns about', () => {
    const record = edit((r) => ((r.dialogue = []), (r.annotations = [])));
    expect(compare(record).taken).toBe(false);
    const issues = new IssueSink('f.jsonl');
    expect(parseSidRecord(record, { file: 'f.jsonl', line: 1, codebook: DEFAULT_CODEBOOK, teacherModel: 'm', issues })?.dialogue.turns).toEqual([]);
  });

  it.each(taken)('takes a record with %s, telling what parseSidRecord tells', (_name, record) => {
    expect(compare(record).taken).toBe(true);
  });
});
