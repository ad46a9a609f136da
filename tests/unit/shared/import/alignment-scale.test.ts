/**
 * Alignment on hostile sizes: tens of thousands of turns that do not match (which the quadratic
 * code took minutes over) give the right result quickly, the fast paths equal the reference
 * (pre-issue-9) code on seeded inputs, and a stretch with no near-linear answer is a size
 * problem at file:line. Inputs are generated here.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../shared/metrics/random';
import { matchLayers } from '../../../../shared/layers';
import { alignAnnotations } from '../../../../shared/import';
import type { AlignSource, AlignTarget } from '../../../../shared/import';
import { matchLayerToDataset, type StoredDialogueForLayer } from '../../../../shared/layers/match-to-dataset';
import { AlignmentTooLargeError, alignTexts, LCS_CELL_BUDGET } from '../../../../shared/import/text-sequence-alignment';
import type { ParsedDialogue, SpeakerCode } from '../../../../shared/model/dataset';
import { dialogue, parsedFile, turn } from '../../renderer/fixtures';
import { referenceAlignAnnotations, referenceAlignTexts } from './reference-alignment';

const range = (count: number) => Array.from({ length: count }, (_, i) => i);

/** The pairs are increasing on both sides and pair only equal (or equal after folding) texts. */
function expectValidPairs(pairs: [number, number][], a: string[], b: string[]): void {
  pairs.forEach(([i, j], k) => {
    expect(a[i] !== '' && b[j] !== '').toBe(true);
    if (k > 0) expect(i > pairs[k - 1][0] && j > pairs[k - 1][1]).toBe(true);
  });
}

describe('alignTexts at scale', () => {
  it('30,000 × 30,000 turns with no text in common pair nothing', () => {
    expect(alignTexts(range(30_000).map((i) => `甲${i}`), range(30_000).map((i) => `乙${i}`))).toEqual([]);
  });

  it('30,000 turns against a copy with every 100th turn rewritten pair all the others', () => {
    const a = range(30_000).map((i) => `第 ${i} 句`);
    const b = a.map((text, i) => (i % 100 === 7 ? `改写 ${i}` : text));
    const pairs = alignTexts(a, b);
    expect(pairs).toEqual(range(30_000).filter((i) => i % 100 !== 7).map((i) => [i, i]));
  });

  it('beyond the table budget, anchored alignment of edited copies is as long as the full LCS (seeded)', () => {
    const next = seededRandom(3);
    const size = Math.ceil(Math.sqrt(LCS_CELL_BUDGET)) + 100;
    for (let round = 0; round < 2; round++) {
      const a = range(size).map((i) => (next() < 0.05 ? '好的' : `句 ${i}`));
      const b: string[] = [];
      for (const text of a) {
        const roll = next();
        if (roll < 0.03) continue; // deleted
        if (roll < 0.06) b.push(`插入 ${b.length}`);
        b.push(roll < 0.08 ? `${text}！` : text);
      }
      const pairs = alignTexts(a, b);
      expectValidPairs(pairs, a, b);
      expect(pairs.length).toBe(referenceAlignTexts(a, b).length);
    }
  });

  it('below the budget it is the reference LCS pair for pair (seeded, with repeats and folding)', () => {
    const next = seededRandom(5);
    const words = ['好的', '好的。', '对', '嗯', '为什么？', '为什么', ''];
    for (let round = 0; round < 300; round++) {
      const a = range(Math.floor(next() * 12)).map(() => words[Math.floor(next() * words.length)]);
      const b = range(Math.floor(next() * 12)).map(() => words[Math.floor(next() * words.length)]);
      expect(alignTexts(a, b)).toEqual(referenceAlignTexts(a, b));
    }
  });

  it('a stretch of repeated texts with none unique is aligned up to MAX_LCS_CELLS, a larger one is a size error', () => {
    const alternating = (count: number, odd: string, even: string) => range(count).map((i) => (i % 2 ? odd : even));
    expect(alignTexts(alternating(4_000, '好的', '对'), alternating(4_000, '对', '好的')).length).toBe(3_999);
    expect(() => alignTexts(alternating(8_000, '好的', '对'), alternating(8_000, '对', '好的'))).toThrow(AlignmentTooLargeError);
  });

  it('attaching such a layer reports the size problem at the dialogue line, and attaches nothing', () => {
    const texts = (first: string, second: string) => range(8_000).map((i) => ({ ...turn(i), speaker: 'teacher' as SpeakerCode, utterance: i % 2 ? first : second }));
    const storedDialogue: ParsedDialogue = dialogue(1, 0, { turns: texts('好的', '对') });
    const stored: StoredDialogueForLayer = { ...storedDialogue, id: 's:1', turns: storedDialogue.turns.map((item) => ({ ...item, id: `s:1#${item.index}` })) };
    const result = matchLayerToDataset([stored], parsedFile('wang.jsonl', [dialogue(1, 0, { line: 4, turns: texts('对', '好的') })]));
    expect(result.values).toEqual([]);
    expect(result.problems).toEqual([{ kind: 'too-large-to-align', file: 'wang.jsonl', line: 4, message: expect.stringMatching(/^Dialogue "7-1-1" \(teacher model GPT-4o\) and the data set's dialogue: their 8000 and 8000 turns differ too much to be aligned/) }]);
  });
});

describe('layer matching at scale (agreement --dataset)', () => {
  it('two 50,000-turn copies with a few rewritten turns match every other turn', () => {
    const turns = range(50_000).map((i) => ({ ...turn(i), utterance: `第 ${i} 句` }));
    const edited = turns.map((item) => (item.index % 1_000 === 3 ? { ...item, utterance: `改写 ${item.index}` } : item));
    const match = matchLayers([
      { name: 'llm', files: [parsedFile('a.jsonl', [dialogue(1, 0, { turns })])] },
      { name: 'wang', files: [parsedFile('b.jsonl', [dialogue(1, 0, { turns: edited })])] },
    ]);
    expect(match.items.length).toBe(50_000 - 50);
    expect(match.problems.filter((problem) => problem.kind === 'turn-text').length).toBe(50);
  });

  it('copies too repetitive to align are one too-large-to-align problem at file:line, not a crash', () => {
    const texts = (first: string, second: string) => range(8_000).map((i) => ({ ...turn(i), speaker: 'teacher' as SpeakerCode, utterance: i % 2 ? first : second }));
    const match = matchLayers([
      { name: 'llm', files: [parsedFile('a.jsonl', [dialogue(1, 0, { turns: texts('好的', '对') })])] },
      { name: 'wang', files: [parsedFile('b.jsonl', [dialogue(1, 0, { line: 9, turns: texts('对', '好的') })])] },
    ]);
    expect(match.items).toEqual([]);
    expect(match.problems).toEqual([expect.objectContaining({ kind: 'too-large-to-align', file: 'b.jsonl', line: 9, message: expect.stringContaining('differ too much to be aligned') })]);
  });
});

describe('alignAnnotations at scale', () => {
  const speakers: SpeakerCode[] = ['teacher', 'student'];

  it('20,000 annotations that match none of 20,000 turns are all unaligned as no-match', () => {
    const turns = range(20_000).map((i): AlignTarget => ({ utterance: `轮次 ${i} 的话`, speaker: speakers[i % 2] }));
    const results = alignAnnotations(turns, range(20_000).map((i): AlignSource => ({ utterance: `没有的标注 ${i}`, speaker: null })));
    expect(results.every((result) => result.turn === -1 && result.level === null && result.reason === 'no-match')).toBe(true);
  });

  it('20,000 annotations of 20,000 turns, each a fragment of its turn, align by containment in order', () => {
    const turns = range(20_000).map((i): AlignTarget => ({ utterance: `第${i}轮：我觉得答案是${i * 7}`, speaker: speakers[i % 2] }));
    const results = alignAnnotations(turns, range(20_000).map((i): AlignSource => ({ utterance: `答案是${i * 7}`, speaker: speakers[i % 2] })));
    expect(results.map((result) => result.turn)).toEqual(range(20_000));
    expect(results.every((result) => result.level === 'containment')).toBe(true);
  });

  // short dialogues (up to 32 turns) test every turn for containment, longer ones use the pair index: both are compared
  it.each([
    [2_000, 0, 10, 11],
    [300, 33, 90, 12],
  ])('equals the reference alignment on %i seeded dialogues of %i turns and more (repeats, fragments, folding, speakers, order)', (rounds, minTurns, spread, seed) => {
    const next = seededRandom(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
    const texts = ['好的', '好的。', '好', '对', '为什么？', '我觉得是因为水分不够', '水分不够', '因为水分', 'ＡＢ', 'ab', '', '。'];
    const turnSpeakers: SpeakerCode[] = ['teacher', 'student', 'other'];
    const noteSpeakers: (SpeakerCode | null)[] = ['teacher', 'student', 'other', null];
    for (let round = 0; round < rounds; round++) {
      const turns = range(minTurns + Math.floor(next() * (spread - minTurns))).map((): AlignTarget => ({ utterance: pick(texts), speaker: pick(turnSpeakers) }));
      const notes = range(minTurns + Math.floor(next() * (spread - minTurns))).map((): AlignSource => ({ utterance: next() < 0.1 ? null : pick(texts), speaker: pick(noteSpeakers) }));
      expect([turns, notes, alignAnnotations(turns, notes)]).toEqual([turns, notes, referenceAlignAnnotations(turns, notes)]);
    }
  });
});
