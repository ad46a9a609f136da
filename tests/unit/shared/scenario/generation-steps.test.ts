import { describe, expect, it } from 'vitest';
import { chooseCandidate, findSafetyWords, generationCacheKeyInput, type GenerationCacheKeyParts } from '../../../../shared/scenario';

describe('findSafetyWords', () => {
  it('finds each listed word in each utterance, case-insensitive, with its turn; blank words are ignored', () => {
    const turns = [
      { role: 'student' as const, content: 'This is STUPID.' },
      { role: 'teacher' as const, content: 'Let us think again.' },
      { role: 'student' as const, content: 'Still stupid, and 笨蛋.' },
    ];
    expect(findSafetyWords(['stupid', '笨蛋', '  ', 'absent'], turns)).toEqual([
      { word: 'stupid', turnNumber: 1 },
      { word: 'stupid', turnNumber: 3 },
      { word: '笨蛋', turnNumber: 3 },
    ]);
    expect(findSafetyWords([], turns)).toEqual([]);
  });
});

describe('chooseCandidate', () => {
  const at = (values: Record<string, number>[]) => values.map((passAtK) => ({ passAtK }));
  it('the highest Pass@k at the largest k, the first of a tie; null when all are equal', () => {
    expect(chooseCandidate(at([{ 1: 0.9, 5: 0.5 }, { 1: 0.1, 5: 0.8 }]), [1, 5])).toBe(1);
    expect(chooseCandidate(at([{ 5: 0.2 }, { 5: 0.8 }, { 5: 0.8 }]), [5, 1])).toBe(1);
    expect(chooseCandidate(at([{ 5: 1 }, { 5: 1 }]), [5])).toBeNull();
    expect(chooseCandidate([], [5])).toBeNull();
  });
});

describe('generationCacheKeyInput', () => {
  const parts: GenerationCacheKeyParts = { baseURL: 'http://x/v1/', model: 'm', messages: [{ role: 'user', content: 'hi' }], sampling: { temperature: 0.7 }, purpose: 'turn', role: 'student', conversationId: 't0-r1', teacherConnectionId: 'a', turnNumber: 1, sampleIndex: 0 };
  it('tells apart repeats, teachers, turns, draws, candidates and purposes; the same call gives the same key', () => {
    const key = generationCacheKeyInput(parts);
    expect(generationCacheKeyInput({ ...parts, baseURL: 'http://x/v1' })).toBe(key);
    const variants: Partial<GenerationCacheKeyParts>[] = [{ conversationId: 't0-r2' }, { teacherConnectionId: 'b' }, { turnNumber: 2 }, { sampleIndex: 1 }, { candidate: 0 }, { purpose: 'assessment' }, { role: 'teacher' }, { sampling: { temperature: 0.8 } }, { model: 'n' }, { messages: [{ role: 'user', content: 'ho' }] }];
    const keys = variants.map((variant) => generationCacheKeyInput({ ...parts, ...variant }));
    expect(new Set([key, ...keys]).size).toBe(variants.length + 1);
    expect(() => generationCacheKeyInput({ ...parts, sampleIndex: -1 })).toThrow(RangeError);
  });
});
