import { describe, expect, it } from 'vitest';
import { alignAnnotations } from '../../../../shared/import';
import type { AlignSource, AlignTarget } from '../../../../shared/import';

const teacher = (utterance: string): AlignTarget => ({ utterance, speaker: 'teacher' });
const student = (utterance: string): AlignTarget => ({ utterance, speaker: 'student' });
const note = (utterance: string | null, speaker: AlignSource['speaker'] = null): AlignSource => ({ utterance, speaker });

describe('alignAnnotations', () => {
  it('aligns exact texts in order', () => {
    const turns = [student('为什么？'), teacher('你觉得呢？'), student('不知道。')];
    expect(alignAnnotations(turns, turns.map((turn) => note(turn.utterance)))).toEqual([
      { turn: 0, level: 'exact' },
      { turn: 1, level: 'exact' },
      { turn: 2, level: 'exact' },
    ]);
  });

  it('falls back to normalised text: whitespace, punctuation, width and the end marker', () => {
    const turns = [teacher('你好，世界！今天学习 Photosynthesis。[结束]')];
    expect(alignAnnotations(turns, [note('你好, 世界! 今天学习photosynthesis')])).toEqual([{ turn: 0, level: 'normalized' }]);
    expect(alignAnnotations([teacher('ＡＢＣ［End］')], [note('abc')])).toEqual([{ turn: 0, level: 'normalized' }]);
  });

  it('uses containment in both directions', () => {
    const turns = [student('我觉得是因为水分不够，所以叶子变成了刺。'), teacher('很好')];
    expect(alignAnnotations(turns, [note('叶子变成了刺'), note('很好！继续说说看')])).toEqual([
      { turn: 0, level: 'containment' },
      { turn: 1, level: 'containment' },
    ]);
  });

  it('prefers the next occurrence of a repeated text (monotonic), not the first', () => {
    const turns = [student('好的'), teacher('我们开始吧'), student('好的'), teacher('再见')];
    const result = alignAnnotations(turns, [note('好的'), note('我们开始吧'), note('好的'), note('再见')]);
    expect(result.map((entry) => entry.turn)).toEqual([0, 1, 2, 3]);
  });

  it('falls back to the whole dialogue when an annotation comes out of order', () => {
    const turns = [student('第一句'), teacher('第二句'), student('第三句')];
    const result = alignAnnotations(turns, [note('第三句'), note('第一句')]);
    expect(result).toEqual([
      { turn: 2, level: 'exact' },
      { turn: 0, level: 'exact' },
    ]);
  });

  it('puts the fragments of a split utterance on the same turn', () => {
    const turns = [student('谢谢老师'), teacher('今天我们学习了蒸腾作用。叶子变成刺是为了节水。下次再见。')];
    const result = alignAnnotations(turns, [note('谢谢老师'), note('今天我们学习了蒸腾作用。'), note('叶子变成刺是为了节水。'), note('下次再见。')]);
    expect(result.map((entry) => entry.turn)).toEqual([0, 1, 1, 1]);
    expect(result.slice(1).every((entry) => entry.level === 'containment')).toBe(true);
  });

  it('never aligns by index alone: unrelated texts stay unaligned', () => {
    const turns = [student('仙人掌'), teacher('沙漠')];
    expect(alignAnnotations(turns, [note('完全无关的一句话'), note('另一句毫不相干的话')])).toEqual([
      { turn: -1, level: null },
      { turn: -1, level: null },
    ]);
  });

  it('does not align an annotation without text, nor by a single shared character', () => {
    const turns = [student('对'), teacher('对吗？为什么')];
    expect(alignAnnotations(turns, [note(null), note('对不起')])).toEqual([
      { turn: -1, level: null },
      { turn: -1, level: null },
    ]);
  });

  it('requires the speaker to agree for containment when the annotation names one', () => {
    const turns = [student('水分不够吧'), teacher('对，水分不够是关键')];
    expect(alignAnnotations(turns, [note('水分不够', 'teacher')])).toEqual([{ turn: 1, level: 'containment' }]);
  });
});
