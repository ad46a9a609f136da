import Papa from 'papaparse/papaparse.min.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import type { FieldValue } from '../../../../shared/model/dataset';
import { checkedValues, fieldResults, reportCsv, reportMarkdown, type TurnToCheck } from '../../../../shared/spot-check';

const value = (codes: string[], unknown: string[] = []): FieldValue => ({ raw: codes.join(','), codes, unknown, status: unknown.length > 0 ? 'unknown' : 'ok' });

function teacherTurn(stratum: string, llmIntent: string, expertIntent: string | null, strategies?: { llm: string[]; expert: string[] }): TurnToCheck {
  const expert = new Map<string, string[]>();
  if (expertIntent !== null) expert.set('teacher_intent', [expertIntent]);
  if (strategies) expert.set('teaching_strategy', strategies.expert);
  return { stratum, speaker: 'teacher', llm: { teacher_intent: value([llmIntent]), ...(strategies ? { teaching_strategy: value(strategies.llm) } : {}) }, expert };
}

const intent = DEFAULT_CODEBOOK.fields.find((field) => field.id === 'teacher_intent')!.labels.map((label) => label.code);
const strategy = DEFAULT_CODEBOOK.fields.find((field) => field.id === 'teaching_strategy')!.labels.map((label) => label.code);

describe('checkedValues', () => {
  it('keeps reviewed fields that apply to the speaker only, the transcript never', () => {
    const turn: TurnToCheck = {
      stratum: 'all',
      speaker: 'student',
      llm: { teacher_intent: value([intent[0]]), speaker: value(['student']) },
      expert: new Map([
        ['teacher_intent', [intent[1]]],
        ['speaker', ['teacher']],
        ['cognitive_level', []],
      ]),
    };
    expect(checkedValues(DEFAULT_CODEBOOK, [turn])).toEqual([{ fieldId: 'cognitive_level', stratum: 'all', llm: { codes: [], unknown: [] }, expert: [] }]);
  });
});

describe('fieldResults', () => {
  // 10 reviewed teacher turns: 3 with a wrong intent; one more turn never reviewed
  const turns: TurnToCheck[] = [
    ...Array.from({ length: 7 }, () => teacherTurn('A', intent[0], intent[0])),
    ...Array.from({ length: 3 }, () => teacherTurn('B', intent[0], intent[1])),
    teacherTurn('B', intent[0], null),
  ];

  it('counts n and errors on reviewed applicable turns, with the Wilson interval and a verdict against the threshold', () => {
    const rows = fieldResults(DEFAULT_CODEBOOK, checkedValues(DEFAULT_CODEBOOK, turns), { threshold: 0.1 });
    const row = rows.find((candidate) => candidate.field === 'teacher_intent')!;
    expect([row.n, row.errors, row.rate]).toEqual([10, 3, 0.3]);
    // Wilson 3/10: 0.1078 – 0.6032
    expect(row.low).toBeCloseTo(0.1078, 4);
    expect(row.high).toBeCloseTo(0.6032, 4);
    expect(row.verdict).toBe('fail');
    const unreviewed = rows.find((candidate) => candidate.field === 'cognitive_level')!;
    expect([unreviewed.n, unreviewed.rate, unreviewed.high, unreviewed.verdict]).toEqual([0, null, 1, 'fail']);
  });

  it('passes a field whose upper bound is below the threshold: 0 of 40 (high 0.0876) passes 10%', () => {
    const right = Array.from({ length: 40 }, () => teacherTurn('all', intent[2], intent[2]));
    const row = fieldResults(DEFAULT_CODEBOOK, checkedValues(DEFAULT_CODEBOOK, right), { threshold: 0.1 }).find((candidate) => candidate.field === 'teacher_intent')!;
    expect(row.high).toBeCloseTo(0.0876, 4);
    expect(row.verdict).toBe('pass');
  });

  it('weights the whole-set estimate by the strata populations: 0.8 × 0/7 + 0.2 × 3/3 = 0.2', () => {
    const rows = fieldResults(DEFAULT_CODEBOOK, checkedValues(DEFAULT_CODEBOOK, turns), { threshold: 0.1, strataPopulation: new Map([['A', 80], ['B', 20]]) });
    expect(rows.find((candidate) => candidate.field === 'teacher_intent')!.estimate.rate).toBeCloseTo(0.2, 12);
  });

  it('judges a label set whole and per code', () => {
    const sets = [
      teacherTurn('all', intent[0], intent[0], { llm: [strategy[0], strategy[1]], expert: [strategy[0]] }),
      teacherTurn('all', intent[0], intent[0], { llm: [strategy[1]], expert: [strategy[1]] }),
      teacherTurn('all', intent[0], intent[0], { llm: [], expert: [strategy[2]] }),
    ];
    const rows = fieldResults(DEFAULT_CODEBOOK, checkedValues(DEFAULT_CODEBOOK, sets), { threshold: 0.1 });
    const pick = (field: string) => rows.find((candidate) => candidate.field === field);
    expect([pick('teaching_strategy')!.n, pick('teaching_strategy')!.errors]).toEqual([3, 2]);
    expect([pick(`teaching_strategy=${strategy[0]}`)!.n, pick(`teaching_strategy=${strategy[0]}`)!.errors]).toEqual([3, 0]);
    expect(pick(`teaching_strategy=${strategy[1]}`)!.errors).toBe(1);
    expect(pick(`teaching_strategy=${strategy[2]}`)!.errors).toBe(1);
    expect(pick(`teaching_strategy=${strategy[3]}`)).toBeUndefined();
  });

  it('never takes an unrecognised LLM value for the expert’s', () => {
    const turn: TurnToCheck = { stratum: 'all', speaker: 'teacher', llm: { discipline: value([], ['天文']) }, expert: new Map([['discipline', []]]) };
    expect(fieldResults(DEFAULT_CODEBOOK, checkedValues(DEFAULT_CODEBOOK, [turn]), { threshold: 0.1 }).find((row) => row.field === 'discipline')!.errors).toBe(1);
  });
});

describe('reports', () => {
  const turns = Array.from({ length: 10 }, (_, index) => teacherTurn('all', intent[0], index < 3 ? intent[1] : intent[0]));
  const rows = fieldResults(DEFAULT_CODEBOOK, checkedValues(DEFAULT_CODEBOOK, turns), { threshold: 0.1 }).filter((row) => row.field === 'teacher_intent');

  it('writes RFC 4180 CSV with fractions to four decimals', () => {
    const csv = reportCsv(rows, { threshold: 0.1 });
    expect(csv.endsWith('\r\n')).toBe(true);
    const parsed = Papa.parse(csv.trimEnd(), { skipEmptyLines: true }).data;
    expect(parsed).toEqual([
      ['field', 'n', 'errors', 'rate', 'low', 'high', 'estimate', 'estimate_low', 'estimate_high', 'threshold', 'verdict'],
      ['teacher_intent', '10', '3', '0.3000', '0.1078', '0.6032', '0.3000', '0.1078', '0.6032', '0.1000', 'fail'],
    ]);
  });

  it('escapes Markdown cells from untrusted names', () => {
    const markdown = reportMarkdown(rows, { title: 'Check <img src=x>', details: ['a | b'], threshold: 0.1 });
    expect(markdown).toContain('# Check &lt;img src=x&gt;');
    expect(markdown).toContain('- a \\| b');
    expect(markdown).toContain('| teacher_intent | 10 | 3 | 30.0% | 10.8% – 60.3% | 30.0% (10.8% – 60.3%) | fail |');
    const named = reportMarkdown(rows, { title: 't', details: [], threshold: 0.1 }, undefined, new Map([['teacher_intent', '教师意图']]));
    expect(named).toContain('| 教师意图 (teacher_intent) | 10 |');
  });
});
