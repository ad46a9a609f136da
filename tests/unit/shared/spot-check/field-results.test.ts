import fc from 'fast-check';
import Papa from 'papaparse/papaparse.min.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import type { FieldValue, FieldValues } from '../../../../shared/model/dataset';
import { checkedValues, fieldResults, reportCsv, reportMarkdown, type TurnToCheck } from '../../../../shared/spot-check';

const value = (codes: string[], unknown: string[] = []): FieldValue => ({ raw: codes.join(','), codes, unknown, status: unknown.length > 0 ? 'unknown' : 'ok' });

let turnCount = 0;
/** Each call is another turn (its own index), unless `turnIndex` names one. */
const who = (turnIndex?: number) => ({ dialogueId: 'd1', teacherModel: 'GPT-4o', turnIndex: turnIndex ?? turnCount++ });

function teacherTurn(stratum: string, llmIntent: string, expertIntent: string | null, strategies?: { llm: string[]; expert: string[] }): TurnToCheck {
  const expert = new Map<string, string[]>();
  if (expertIntent !== null) expert.set('teacher_intent', [expertIntent]);
  if (strategies) expert.set('teaching_strategy', strategies.expert);
  return { ...who(), stratum, speaker: 'teacher', llm: { teacher_intent: value([llmIntent]), ...(strategies ? { teaching_strategy: value(strategies.llm) } : {}) }, expert };
}

const EMPTY: FieldValue = { raw: '', codes: [], unknown: [], status: 'empty' };

const results = (turns: readonly TurnToCheck[], threshold = 0.1) => fieldResults(DEFAULT_CODEBOOK, checkedValues(DEFAULT_CODEBOOK, turns).values, { threshold });

const intent = DEFAULT_CODEBOOK.fields.find((field) => field.id === 'teacher_intent')!.labels.map((label) => label.code);
const strategy = DEFAULT_CODEBOOK.fields.find((field) => field.id === 'teaching_strategy')!.labels.map((label) => label.code);

describe('checkedValues', () => {
  it('keeps reviewed fields that apply to the speaker only, the transcript never', () => {
    const turn: TurnToCheck = {
      ...who(),
      stratum: 'all',
      speaker: 'student',
      llm: { teacher_intent: value([intent[0]]), speaker: value(['student']), cognitive_level: value(['remember']) },
      expert: new Map([
        ['teacher_intent', [intent[1]]],
        ['speaker', ['teacher']],
        ['cognitive_level', []],
      ]),
    };
    expect(checkedValues(DEFAULT_CODEBOOK, [turn]).values).toEqual([{ fieldId: 'cognitive_level', stratum: 'all', llm: { codes: ['remember'], unknown: [] }, expert: [] }]);
  });

  it('takes a field the checked layer holds nothing for (absent, or empty) as no LLM value, not as codes []', () => {
    const turn: TurnToCheck = { ...who(), stratum: 'all', speaker: 'teacher', llm: { teacher_guidance_level: EMPTY }, expert: new Map([['teacher_intent', [intent[0]]], ['teacher_guidance_level', ['L2']]]) };
    expect(checkedValues(DEFAULT_CODEBOOK, [turn]).values.map((checked) => [checked.fieldId, checked.llm])).toEqual([
      ['teacher_intent', null],
      ['teacher_guidance_level', null],
    ]);
  });

  it('counts each (dialogue, teacher model, turn, field) once and reports the repeat, with whether the readings agree', () => {
    const first = { ...teacherTurn('all', intent[0], intent[1]), turnIndex: 3, origin: { file: 'a.jsonl', line: 1, entry: 3 } };
    const same = { ...first, origin: { file: 'b.jsonl', line: 1, entry: 3 } };
    const other = { ...first, expert: new Map([['teacher_intent', [intent[0]]]]), origin: { file: 'c.jsonl', line: 7, entry: 3 } };
    const elsewhere = { ...first, teacherModel: 'Qwen' };
    const checked = checkedValues(DEFAULT_CODEBOOK, [first, same, other, elsewhere]);
    expect(checked.values).toHaveLength(2);
    expect([checked.turns, checked.dialogues]).toEqual([2, 2]);
    expect(checked.repeats).toEqual([
      { dialogueId: 'd1', teacherModel: 'GPT-4o', turnIndex: 3, fieldId: 'teacher_intent', first: first.origin, again: same.origin, agrees: true },
      { dialogueId: 'd1', teacherModel: 'GPT-4o', turnIndex: 3, fieldId: 'teacher_intent', first: first.origin, again: other.origin, agrees: false },
    ]);
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
    const rows = fieldResults(DEFAULT_CODEBOOK, checkedValues(DEFAULT_CODEBOOK, turns).values, { threshold: 0.1 });
    const row = rows.find((candidate) => candidate.field === 'teacher_intent')!;
    expect([row.n, row.errors, row.rate]).toEqual([10, 3, 0.3]);
    // Wilson 3/10: 0.1078 – 0.6032
    expect(row.low).toBeCloseTo(0.1078, 4);
    expect(row.high).toBeCloseTo(0.6032, 4);
    // L 0.1078 > 0.1: a fail on only 10 values
    expect(row.verdict).toBe('fail');
    const unreviewed = rows.find((candidate) => candidate.field === 'cognitive_level')!;
    // nothing reviewed is no evidence either way
    expect([unreviewed.n, unreviewed.rate, unreviewed.high, unreviewed.verdict, unreviewed.needed]).toEqual([0, null, 1, 'insufficient', 35]);
  });

  it('calls 0 errors of 3 (U 0.5615) "insufficient" with the 35 needed, not "fail"', () => {
    const row = results(Array.from({ length: 3 }, () => teacherTurn('all', intent[2], intent[2]))).find((candidate) => candidate.field === 'teacher_intent')!;
    expect(row.high).toBeCloseTo(0.5615, 4);
    expect([row.n, row.errors, row.verdict, row.needed]).toEqual([3, 0, 'insufficient', 35]);
  });

  it('fails 3 of 40 (0.0258 – 0.1986): 40 ≥ 35 reviewed, and the upper bound stayed above 10%', () => {
    const turns = Array.from({ length: 40 }, (_, at) => teacherTurn('all', intent[0], at < 3 ? intent[1] : intent[0]));
    const row = results(turns).find((candidate) => candidate.field === 'teacher_intent')!;
    expect(row.low).toBeCloseTo(0.0258, 4);
    expect(row.high).toBeCloseTo(0.1986, 4);
    expect(row.verdict).toBe('fail');
  });

  it('counts a reviewed turn without an LLM value apart, never as an error: a layer with no values gives n 0 and "insufficient"', () => {
    // the checked layer holds nothing for these 5 reviewed teacher turns (4 fields reviewed on each)
    const reviewed = new Map([
      ['teacher_intent', [intent[1]]],
      ['teaching_strategy', [strategy[0]]],
      ['teacher_guidance_level', ['L2']],
      ['cognitive_level', ['understand']],
    ]);
    const turns: TurnToCheck[] = Array.from({ length: 5 }, (_, at) => ({ ...who(), stratum: 'all', speaker: 'teacher', llm: at === 0 ? { teacher_intent: EMPTY } : ({} as FieldValues), expert: reviewed }));
    const rows = results(turns);
    for (const field of ['teacher_intent', 'teaching_strategy', 'teacher_guidance_level', 'cognitive_level']) {
      const row = rows.find((candidate) => candidate.field === field)!;
      expect([row.n, row.errors, row.noLlmValue, row.rate, row.verdict]).toEqual([0, 0, 5, null, 'insufficient']);
    }
    // the code rows of a set field leave the same turns out
    expect(rows.find((candidate) => candidate.field === `teaching_strategy=${strategy[0]}`)).toMatchObject({ n: 0, errors: 0, noLlmValue: 5 });
  });

  it('leaves only the turns without an LLM value out: 2 of 4 with a value, one of them wrong', () => {
    const turns = [teacherTurn('all', intent[0], intent[0]), teacherTurn('all', intent[0], intent[1]), { ...teacherTurn('all', intent[0], intent[1]), llm: {} }, { ...teacherTurn('all', intent[0], intent[1]), llm: { teacher_intent: EMPTY } }];
    const row = results(turns).find((candidate) => candidate.field === 'teacher_intent')!;
    expect([row.n, row.errors, row.noLlmValue, row.rate]).toEqual([2, 1, 2, 0.5]);
  });

  it('never counts a value twice: the same turns given again, in any order, give the same results', () => {
    const base = Array.from({ length: 12 }, (_, at) => teacherTurn(at < 6 ? 'A' : 'B', intent[0], at % 4 === 0 ? intent[1] : intent[0], { llm: [strategy[0]], expert: at % 3 === 0 ? [strategy[1]] : [strategy[0]] }));
    const once = results(base);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: base.length - 1 }), { maxLength: 40 }), fc.infiniteStream(fc.nat()), (extra, order) => {
        const repeated = [...base, ...extra.map((at) => base[at])];
        const shuffled = repeated.map((turn) => ({ turn, key: order.next().value })).sort((a, b) => a.key - b.key).map(({ turn }) => turn);
        expect(results(shuffled)).toEqual(once);
      }),
      { numRuns: 50 },
    );
  });

  it('passes a field whose upper bound is below the threshold: 0 of 40 (high 0.0876) passes 10%', () => {
    const right = Array.from({ length: 40 }, () => teacherTurn('all', intent[2], intent[2]));
    const row = fieldResults(DEFAULT_CODEBOOK, checkedValues(DEFAULT_CODEBOOK, right).values, { threshold: 0.1 }).find((candidate) => candidate.field === 'teacher_intent')!;
    expect(row.high).toBeCloseTo(0.0876, 4);
    expect(row.verdict).toBe('pass');
  });

  it('weights the whole-set estimate by the strata populations: 0.8 × 0/7 + 0.2 × 3/3 = 0.2', () => {
    const rows = fieldResults(DEFAULT_CODEBOOK, checkedValues(DEFAULT_CODEBOOK, turns).values, { threshold: 0.1, strataPopulation: new Map([['A', 80], ['B', 20]]) });
    expect(rows.find((candidate) => candidate.field === 'teacher_intent')!.estimate.rate).toBeCloseTo(0.2, 12);
  });

  it('judges a label set whole and per code', () => {
    const sets = [
      teacherTurn('all', intent[0], intent[0], { llm: [strategy[0], strategy[1]], expert: [strategy[0]] }),
      teacherTurn('all', intent[0], intent[0], { llm: [strategy[1]], expert: [strategy[1]] }),
      teacherTurn('all', intent[0], intent[0], { llm: [], expert: [strategy[2]] }),
    ];
    const rows = fieldResults(DEFAULT_CODEBOOK, checkedValues(DEFAULT_CODEBOOK, sets).values, { threshold: 0.1 });
    const pick = (field: string) => rows.find((candidate) => candidate.field === field);
    expect([pick('teaching_strategy')!.n, pick('teaching_strategy')!.errors]).toEqual([3, 2]);
    expect([pick(`teaching_strategy=${strategy[0]}`)!.n, pick(`teaching_strategy=${strategy[0]}`)!.errors]).toEqual([3, 0]);
    expect(pick(`teaching_strategy=${strategy[1]}`)!.errors).toBe(1);
    expect(pick(`teaching_strategy=${strategy[2]}`)!.errors).toBe(1);
    expect(pick(`teaching_strategy=${strategy[3]}`)).toBeUndefined();
  });

  it('never takes an unrecognised LLM value for the expert’s', () => {
    const turn: TurnToCheck = { ...who(), stratum: 'all', speaker: 'teacher', llm: { discipline: value([], ['天文']) }, expert: new Map([['discipline', []]]) };
    expect(fieldResults(DEFAULT_CODEBOOK, checkedValues(DEFAULT_CODEBOOK, [turn]).values, { threshold: 0.1 }).find((row) => row.field === 'discipline')!.errors).toBe(1);
  });
});

describe('reports', () => {
  const turns = Array.from({ length: 10 }, (_, index) => teacherTurn('all', intent[0], index < 3 ? intent[1] : intent[0]));
  const rows = fieldResults(DEFAULT_CODEBOOK, checkedValues(DEFAULT_CODEBOOK, turns).values, { threshold: 0.1 }).filter((row) => row.field === 'teacher_intent');

  it('writes RFC 4180 CSV with fractions to four decimals', () => {
    const csv = reportCsv(rows, { threshold: 0.1 });
    expect(csv.endsWith('\r\n')).toBe(true);
    const parsed = Papa.parse(csv.trimEnd(), { skipEmptyLines: true }).data;
    expect(parsed).toEqual([
      ['field', 'n', 'errors', 'rate', 'low', 'high', 'estimate', 'estimate_low', 'estimate_high', 'threshold', 'verdict', 'no_llm_value', 'needed'],
      ['teacher_intent', '10', '3', '0.3000', '0.1078', '0.6032', '0.3000', '0.1078', '0.6032', '0.1000', 'fail', '0', '35'],
    ]);
  });

  it('writes "insufficient" with the n needed, and the values without an LLM value, in CSV and Markdown', () => {
    const few = [...Array.from({ length: 3 }, () => teacherTurn('all', intent[0], intent[0])), { ...teacherTurn('all', intent[0], intent[0]), llm: {} }];
    const row = fieldResults(DEFAULT_CODEBOOK, checkedValues(DEFAULT_CODEBOOK, few).values, { threshold: 0.1 }).filter((candidate) => candidate.field === 'teacher_intent');
    expect(reportCsv(row, { threshold: 0.1 }).split('\r\n')[1]).toBe('teacher_intent,3,0,0.0000,0.0000,0.5615,0.0000,0.0000,0.5615,0.1000,insufficient,1,35');
    expect(reportMarkdown(row, { title: 't', details: [], threshold: 0.1 })).toContain('| teacher_intent | 3 | 0 | 1 | 0.0% | 0.0% – 56.1% | 0.0% (0.0% – 56.1%) | not enough reviewed yet (3 of the 35 needed) |');
  });

  it('escapes Markdown cells from untrusted names', () => {
    const markdown = reportMarkdown(rows, { title: 'Check <img src=x>', details: ['a | b'], threshold: 0.1 });
    expect(markdown).toContain('# Check &lt;img src=x&gt;');
    expect(markdown).toContain('- a \\| b');
    expect(markdown).toContain('| teacher_intent | 10 | 3 | 0 | 30.0% | 10.8% – 60.3% | 30.0% (10.8% – 60.3%) | fail |');
    const named = reportMarkdown(rows, { title: 't', details: [], threshold: 0.1 }, undefined, new Map([['teacher_intent', '教师意图']]));
    expect(named).toContain('| 教师意图 (teacher_intent) | 10 |');
  });
});
