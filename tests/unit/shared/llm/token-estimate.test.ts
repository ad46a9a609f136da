import { describe, expect, it } from 'vitest';
import { buildPreAnnotationMessages, DEFAULT_PRE_ANNOTATION_TEMPLATE, type PromptTemplate } from '../../../../shared/llm';
import {
  estimateAnswerTokens,
  estimateJobCost,
  estimateMessagesTokens,
  estimatePreAnnotationJob,
  estimateTextTokens,
} from '../../../../shared/llm/token-estimate';
import { CUSTOM_CODEBOOK, SID_CODEBOOK, sampleDialogues, turnsOf } from './support';

describe('estimateTextTokens', () => {
  it('counts a CJK character as one token and other text as four characters per token, rounded up', () => {
    expect(estimateTextTokens('')).toBe(0);
    expect(estimateTextTokens('abcd')).toBe(1);
    expect(estimateTextTokens('abcde')).toBe(2);
    // 为什么 = 3, ？ (full-width) = 1, "ok" = 2 other characters → 1
    expect(estimateTextTokens('为什么？ok')).toBe(5);
    // kana and Hangul count as CJK; a space and a Latin letter do not
    expect(estimateTextTokens('ひらがな 한국어 a')).toBe(7 + 1);
    // a character outside the BMP is one code point: 𠀀 (Extension B) one token, 😀 one other character
    expect(estimateTextTokens('𠀀😀')).toBe(1 + 1);
    expect(estimateTextTokens('😀😀😀😀')).toBe(1);
  });

  it('adds four tokens per message', () => {
    expect(estimateMessagesTokens([])).toBe(0);
    expect(estimateMessagesTokens([{ role: 'system', content: 'abcdefgh' }, { role: 'user', content: '你好' }])).toBe(4 + 2 + 4 + 2);
  });
});

describe('estimateAnswerTokens', () => {
  it('is the wrapper, plus per turn its number and each field at 6 to 12 tokens', () => {
    // 6 + 10 × (4 + 7 × 6) and 6 + 10 × (4 + 7 × 12)
    expect(estimateAnswerTokens(10, 7)).toEqual({ low: 466, high: 886 });
    expect(estimateAnswerTokens(1, 1)).toEqual({ low: 16, high: 22 });
  });
});

const turns = [
  { speaker: 'teacher', utterance: '你好' },
  { speaker: 'student', utterance: 'hi' },
] as const;
const tiny: PromptTemplate = { id: 't', version: '1', system: 'S{{fields}}', user: 'Turns {{first_turn}}-{{last_turn}}: {{turns}}' };

describe('estimatePreAnnotationJob', () => {
  it('sums the input of every window asked and the answers of their turns', () => {
    const system = buildPreAnnotationMessages({ codebook: CUSTOM_CODEBOOK, template: tiny, turns }).messages[0].content;
    // three windows of 1 turn (size 1, no overlap): the system text each time, and one user line each
    const estimate = estimatePreAnnotationJob({ codebook: CUSTOM_CODEBOOK, template: tiny, dialogues: [{ turns }, { turns: [turns[0]] }], window: { size: 1, overlap: 0 } });
    const systemTokens = 4 + estimateTextTokens(system);
    // 教师 and 你好 are 4 CJK; the rest is "Turns 1-1: " (11), "Turn 1 · teacher (" (18), " / Teacher): " (13) and two quotes: 44 → 11
    const firstUser = 'Turns 1-1: Turn 1 · teacher (教师 / Teacher): "你好"';
    expect(buildPreAnnotationMessages({ codebook: CUSTOM_CODEBOOK, template: tiny, turns, window: { start: 0, end: 1 } }).messages[1].content).toBe(firstUser);
    expect(estimateTextTokens(firstUser)).toBe(4 + 11);
    const secondUser = 'Turns 2-2: Turn 2 · student (学生 / Student): "hi"';
    // 学生: 2 CJK; 11 + 18 + 13 + 4 ("hi") = 46 other characters → 12
    expect(estimateTextTokens(secondUser)).toBe(2 + 12);
    expect(estimate.calls).toBe(3);
    // the second dialogue's one window is the first window again
    expect(estimate.input).toBe(3 * systemTokens + (4 + 15) + (4 + 14) + (4 + 15));
    // the custom codebook asks 4 fields (move, topics, on_task, depth): 3 answers of one turn, 6 + 4 + 4 × 6 and 6 + 4 + 4 × 12
    expect(estimate.output).toEqual({ low: 3 * 34, high: 3 * 58 });
  });

  it('equals the estimate of the messages the job builds, window by window, for the default prompt on the sample', () => {
    const dialogues = sampleDialogues().slice(0, 5).map((dialogue) => ({ turns: turnsOf(dialogue) }));
    const window = { size: 8, overlap: 2 };
    const estimate = estimatePreAnnotationJob({ codebook: SID_CODEBOOK, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, dialogues, window });
    let input = 0;
    let calls = 0;
    for (const { turns: dialogueTurns } of dialogues) {
      for (let start = 0; ; start += window.size - window.overlap) {
        const end = Math.min(start + window.size, dialogueTurns.length);
        input += estimateMessagesTokens(buildPreAnnotationMessages({ codebook: SID_CODEBOOK, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, turns: dialogueTurns, window: { start, end } }).messages);
        calls++;
        if (end === dialogueTurns.length) break;
      }
    }
    expect(calls).toBeGreaterThan(dialogues.length);
    expect(estimate.calls).toBe(calls);
    expect(estimate.input).toBe(input);
  });

  it('renders a system text that uses window variables for each window, and leaves out a blank one', () => {
    const perWindow: PromptTemplate = { ...tiny, system: 'Turns {{first_turn}} to {{last_turn}}. {{fields}}' };
    const blank: PromptTemplate = { ...tiny, system: '  ', user: '{{fields}} {{turns}}' };
    for (const template of [perWindow, blank]) {
      const estimate = estimatePreAnnotationJob({ codebook: CUSTOM_CODEBOOK, template, dialogues: [{ turns }], window: { size: 1, overlap: 0 } });
      const expected = [0, 1].reduce((sum, start) => sum + estimateMessagesTokens(buildPreAnnotationMessages({ codebook: CUSTOM_CODEBOOK, template, turns, window: { start, end: start + 1 } }).messages), 0);
      expect(estimate.input).toBe(expected);
    }
  });

  it('refuses a template with problems', () => {
    expect(() => estimatePreAnnotationJob({ codebook: CUSTOM_CODEBOOK, template: { ...tiny, user: 'no turns' }, dialogues: [{ turns }] })).toThrow(/must use \{\{turns\}\}/);
  });
});

describe('estimateJobCost', () => {
  it('prices the input and the output range per million tokens, or says nothing without a price', () => {
    const estimate = { calls: 2, input: 1_000_000, output: { low: 200_000, high: 500_000 } };
    // 1 × 0.5 + 0.2 × 2 and 1 × 0.5 + 0.5 × 2
    expect(estimateJobCost(estimate, { inputPerMillion: 0.5, outputPerMillion: 2 })).toEqual({ low: 0.9, high: 1.5 });
    expect(estimateJobCost(estimate, undefined)).toBeNull();
  });
});
