/**
 * The seven indicators on hand-worked dialogues (sid-format.md §3). Every expected value is
 * worked out in the comments from the definitions, not taken from the code under test.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS, scoreDialogue, type MetricTurn } from '../../../../shared/metrics';

type Labels = Partial<Record<'intent' | 'strategy' | 'transfer' | 'state' | 'guidance' | 'bloom', string | string[]>>;
const FIELD_OF = {
  intent: 'teacher_intent',
  strategy: 'teaching_strategy',
  transfer: 'discipline_transfer',
  state: 'student_cognition_state',
  guidance: 'teacher_guidance_level',
  bloom: 'cognitive_level',
} as const;

function turn(speaker: MetricTurn['speaker'], labels: Labels = {}, unknownLabels = 0): MetricTurn {
  const codes: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(labels)) codes[FIELD_OF[key as keyof Labels]] = Array.isArray(value) ? value : [value];
  return { speaker, codes, unknownLabels };
}
const T = (labels?: Labels, unknown?: number) => turn('teacher', labels, unknown);
const S = (labels?: Labels, unknown?: number) => turn('student', labels, unknown);
const score = (turns: MetricTurn[], threeC: 'vacuous-one' | 'strict' = 'vacuous-one') => scoreDialogue({ id: 'd', group: 'g', turns }, { weights: DEFAULT_WEIGHTS, threeC });

describe('scoreDialogue', () => {
  it('scores a typical dialogue: every indicator and the weighted total by hand', () => {
    const result = score([
      S({ bloom: 'remember', state: 'vague_understanding' }),
      T({ intent: 'introduce_concepts', strategy: ['follow_up_questioning'], transfer: 'no', guidance: 'L1' }),
      S({ bloom: 'understand', state: 'incorrect_answer' }),
      T({ intent: 'guide_reasoning', strategy: ['provide_hints', 'use_analogies'], transfer: 'yes', guidance: 'L3' }),
      S({ bloom: 'analyze', state: 'clear_understanding' }),
      T({ intent: 'summarize_elevate', strategy: [], transfer: 'yes', guidance: 'L3' }),
      S({ bloom: 'apply', state: 'incorrect_answer' }),
    ]);
    // |T| = 3: two with a strategy; strategies {follow_up, hints, analogies}; two transfers; two L3.
    // Student Bloom 1, 2, 4, 3 → (4 − 1)/5. Intents among the four: introduce, guide, summarize.
    // Errors at turns 2 and 6: 2 → next student turn 4 is clear_understanding (success); 6 has no next.
    expect(result.values.SD).toBeCloseTo(2 / 3, 15);
    expect(result.values.SV).toBe(3 / 8);
    expect(result.values.IKT).toBeCloseTo(2 / 3, 15);
    expect(result.values.BP).toBeCloseTo(3 / 5, 15);
    expect(result.values.SC).toBe(3 / 4);
    expect(result.values.L3_GR).toBeCloseTo(2 / 3, 15);
    expect(result.values['3C']).toBe(1 / 2);
    // .15·2/3 + .10·3/8 + .15·2/3 + .15·3/5 + .15·3/4 + .10·2/3 + .20·1/2
    // = .1 + .0375 + .1 + .09 + .1125 + .0666… + .1 = .60666…
    expect(result.totalScore).toBeCloseTo(0.1 + 0.0375 + 0.1 + 0.09 + 0.1125 + 0.2 / 3 + 0.1, 12);
    expect(result.vacuous3C).toBe(false);
    expect(result.counts).toMatchObject({ teacherTurns: 3, studentTurns: 4, errors: 2, successes: 1, bloomMin: 1, bloomMax: 4 });
    expect(result.turnsOf).toEqual({ SD: [1, 3], SV: [1, 3], IKT: [3, 5], BP: [0, 4], SC: [1, 3, 5], L3_GR: [3, 5], '3C': [2, 4, 6] });
  });

  it('gives 0 for every teacher ratio when there is no teacher turn, and 3C by convention without an error', () => {
    const turns = [S({ bloom: 'understand', state: 'clear_understanding' }), S({ bloom: 'evaluate' })];
    const result = score(turns);
    // Bloom 2 and 5 → 3/5; no teacher: SD = SV = IKT = SC = L3 GR = 0; no error: 3C = 1.0 (vacuous).
    expect(result.values).toEqual({ SD: 0, SV: 0, IKT: 0, BP: 3 / 5, SC: 0, L3_GR: 0, '3C': 1 });
    expect(result.totalScore).toBeCloseTo(0.15 * 0.6 + 0.2, 15);
    expect(result.vacuous3C).toBe(true);
    const strict = score(turns, 'strict');
    expect(strict.values['3C']).toBeNull();
    expect(strict.totalScore).toBeNull();
    expect(strict.vacuous3C).toBe(true);
  });

  it('gives BP 0 without a student turn (or with one rated level), and 3C by convention', () => {
    expect(score([T({ strategy: 'provide_hints', guidance: 'L2' }), T({ intent: 'check_understanding' })]).values).toEqual({ SD: 0.5, SV: 1 / 8, IKT: 0, BP: 0, SC: 0, L3_GR: 0, '3C': 1 });
    expect(score([S({ bloom: 'create' }), T(), S({ bloom: 'not-a-level' })]).values.BP).toBe(0);
  });

  it('scores a dialogue of errors only: 3C 0, and an error followed by another error is not a success', () => {
    const result = score([S({ state: 'incorrect_answer' }), T({ strategy: 'corrective_feedback' }), S({ state: 'incorrect_answer' }), T(), S({ state: 'incorrect_answer' })]);
    expect(result.counts.errors).toBe(3);
    expect(result.counts.successes).toBe(0);
    expect(result.values['3C']).toBe(0);
    expect(result.turnsOf['3C']).toEqual([0, 2, 4]);
  });

  it('looks for the next STUDENT turn across teacher and other turns; higher-order thinking recovers too', () => {
    const result = score([S({ state: 'incorrect_answer' }), T(), turn('other'), S({ state: 'higher_order_thinking' }), S({ state: 'incorrect_answer' }), S({ state: 'vague_understanding' })]);
    // error 0 → next student turn 3 (success); error 4 → next student turn 5 vague (failure)
    expect(result.values['3C']).toBe(1 / 2);
    expect(result.turnsOf['3C']).toEqual([0, 3, 4]);
  });

  it('counts a multi-valued strategy cell once for SD and by code for SV; unknown labels add nothing and are counted', () => {
    const result = score([
      T({ strategy: ['provide_hints', 'provide_hints', 'use_analogies'] }),
      // an intent value given as a strategy: the importer kept no code and one unknown part
      T({ strategy: [] }, 1),
      T({ strategy: ['scenario_questioning'] }, 1),
      T({ intent: ['check_understanding'] }),
    ]);
    expect(result.values.SD).toBe(2 / 4);
    expect(result.values.SV).toBe(3 / 8);
    expect(result.counts.strategies).toEqual(['provide_hints', 'use_analogies', 'scenario_questioning']);
    expect(result.counts.unknownLabels).toBe(2);
    // check_understanding is not one of SC's four intents
    expect(result.values.SC).toBe(0);
  });

  it('uses all seven strategies for SV at most 7/8 (the paper divides by 8)', () => {
    const all = ['follow_up_questioning', 'provide_hints', 'use_analogies', 'scenario_questioning', 'break_down_question', 'encourage_responses', 'corrective_feedback'];
    expect(score([T({ strategy: all })]).values.SV).toBe(7 / 8);
  });

  it('scores an empty dialogue as zeros with 3C by convention', () => {
    const result = score([]);
    expect(result.values).toEqual({ SD: 0, SV: 0, IKT: 0, BP: 0, SC: 0, L3_GR: 0, '3C': 1 });
    expect(result.totalScore).toBeCloseTo(0.2, 15);
  });

  it('applies custom weights', () => {
    const weights = { SD: 1, SV: 0, IKT: 0, BP: 0, SC: 0, L3_GR: 0, '3C': 0 };
    const result = scoreDialogue({ id: 'd', group: 'g', turns: [T({ strategy: 'provide_hints' }), T()] }, { weights, threeC: 'vacuous-one' });
    expect(result.totalScore).toBe(0.5);
  });
});
