import { describe, expect, it } from 'vitest';
import { alignAnnotations } from '../../../../shared/import';
import type { AlignmentResult, AlignSource, AlignTarget } from '../../../../shared/import';
import { annotation, parseText, sidLine, warningsOf } from '../support';

const teacher = (utterance: string): AlignTarget => ({ utterance, speaker: 'teacher' });
const student = (utterance: string): AlignTarget => ({ utterance, speaker: 'student' });
const note = (utterance: string | null, speaker: AlignSource['speaker'] = null): AlignSource => ({ utterance, speaker });
const byTeacher = (utterance: string): AlignSource => note(utterance, 'teacher');
const byStudent = (utterance: string): AlignSource => note(utterance, 'student');

const inOrder = (turn: number, level: 'exact' | 'normalized' | 'containment'): AlignmentResult => ({ turn, level, outOfOrder: false });
const turnsOf = (results: AlignmentResult[]): number[] => results.map((result) => result.turn);

describe('alignAnnotations', () => {
  it('aligns exact texts in order', () => {
    const turns = [student('为什么？'), teacher('你觉得呢？'), student('不知道。')];
    expect(alignAnnotations(turns, turns.map((turn) => note(turn.utterance)))).toEqual([inOrder(0, 'exact'), inOrder(1, 'exact'), inOrder(2, 'exact')]);
  });

  it('falls back to normalised text: whitespace, punctuation, width and the end marker', () => {
    const turns = [teacher('你好，世界！今天学习 Photosynthesis。[结束]')];
    expect(alignAnnotations(turns, [note('你好, 世界! 今天学习photosynthesis')])).toEqual([inOrder(0, 'normalized')]);
    expect(alignAnnotations([teacher('ＡＢＣ［End］')], [note('abc')])).toEqual([inOrder(0, 'normalized')]);
  });

  it('uses containment in both directions', () => {
    const turns = [student('我觉得是因为水分不够，所以叶子变成了刺。'), teacher('很好')];
    expect(alignAnnotations(turns, [note('叶子变成了刺'), note('很好！继续说说看')])).toEqual([inOrder(0, 'containment'), inOrder(1, 'containment')]);
  });

  it('prefers the next occurrence of a repeated text (monotonic), not the first', () => {
    const turns = [student('好的'), teacher('我们开始吧'), student('好的'), teacher('再见')];
    const result = alignAnnotations(turns, [note('好的'), note('我们开始吧'), note('好的'), note('再见')]);
    expect(turnsOf(result)).toEqual([0, 1, 2, 3]);
  });

  it('takes the nearest normalised match before a later verbatim one (a repeated short reply)', () => {
    const turns = [teacher('你觉得呢？'), student('好的。'), teacher('那再想想沙漠。'), student('好的'), teacher('很好[结束]')];
    const result = alignAnnotations(turns, [byTeacher('你觉得呢？'), byStudent('好的'), byTeacher('那再想想沙漠。'), byStudent('好的'), byTeacher('很好')]);
    expect(result).toEqual([inOrder(0, 'exact'), inOrder(1, 'normalized'), inOrder(2, 'exact'), inOrder(3, 'exact'), inOrder(4, 'normalized')]);
  });

  it('never puts a student annotation on a teacher turn, even when the texts match better', () => {
    const turns = [teacher('开始吧'), student('嗯'), teacher('好的，我们来看第一个问题'), student('好的，老师我懂了'), teacher('好的[结束]')];
    const result = alignAnnotations(turns, [byTeacher('开始吧'), byStudent('嗯'), byTeacher('好的，我们来看第一个问题'), byStudent('好的'), byTeacher('好的')]);
    expect(result).toEqual([inOrder(0, 'exact'), inOrder(1, 'exact'), inOrder(2, 'exact'), inOrder(3, 'containment'), inOrder(4, 'normalized')]);
  });

  it('leaves an annotation whose only match is a turn of the other speaker unaligned, naming that turn', () => {
    const turns = [teacher('为什么叶子是刺？'), student('因为缺水')];
    expect(alignAnnotations(turns, [byStudent('为什么叶子是刺？')])).toEqual([{ turn: -1, level: null, reason: 'speaker-mismatch', near: 0 }]);
  });

  it('agrees with a speaker it does not know (unresolved or "other")', () => {
    const turns = [{ utterance: '（铃声响起）', speaker: 'other' as const }, teacher('下课了')];
    expect(turnsOf(alignAnnotations(turns, [byStudent('（铃声响起）'), note('下课了')]))).toEqual([0, 1]);
  });

  it('attaches an out-of-order annotation behind the cursor and says so', () => {
    const turns = [student('第一句'), teacher('第二句'), student('第三句')];
    const result = alignAnnotations(turns, [note('第三句'), note('第一句')]);
    expect(result).toEqual([inOrder(2, 'exact'), { turn: 0, level: 'exact', outOfOrder: true }]);
  });

  it('keeps the cursor after an out-of-order annotation, so the next ones still move forward', () => {
    const turns = [student('第一句'), teacher('第二句'), student('第三句'), teacher('第四句')];
    const result = alignAnnotations(turns, [note('第三句'), note('第一句'), note('第四句')]);
    expect(result).toEqual([inOrder(2, 'exact'), { turn: 0, level: 'exact', outOfOrder: true }, inOrder(3, 'exact')]);
  });

  it('going back, prefers an unclaimed turn and never merges onto a turn matched in full', () => {
    const turns = [teacher('为什么？'), student('因为缺水'), teacher('为什么？'), student('因为热')];
    const result = alignAnnotations(turns, [byTeacher('为什么？'), byStudent('因为热'), byTeacher('为什么？'), byStudent('因为缺水')]);
    expect(result).toEqual([
      inOrder(0, 'exact'),
      inOrder(3, 'exact'),
      { turn: 2, level: 'exact', outOfOrder: true },
      { turn: 1, level: 'exact', outOfOrder: true },
    ]);
  });

  it('leaves a duplicated annotation unaligned instead of merging it onto the turn it repeats', () => {
    const turns = [teacher('你觉得呢？'), student('水不够')];
    const result = alignAnnotations(turns, [byTeacher('你觉得呢？'), byStudent('水不够'), byTeacher('你觉得呢？')]);
    expect(result).toEqual([inOrder(0, 'exact'), inOrder(1, 'exact'), { turn: -1, level: null, reason: 'already-annotated', near: 0 }]);
    const again = alignAnnotations(turns, [byTeacher('你觉得呢？'), byTeacher('你觉得呢？'), byStudent('水不够')]);
    expect(again).toEqual([inOrder(0, 'exact'), { turn: -1, level: null, reason: 'already-annotated', near: 0 }, inOrder(1, 'exact')]);
  });

  it('puts the fragments of a split utterance on the same turn', () => {
    const turns = [student('谢谢老师'), teacher('今天我们学习了蒸腾作用。叶子变成刺是为了节水。下次再见。')];
    const result = alignAnnotations(turns, [note('谢谢老师'), note('今天我们学习了蒸腾作用。'), note('叶子变成刺是为了节水。'), note('下次再见。')]);
    expect(turnsOf(result)).toEqual([0, 1, 1, 1]);
    expect(result.slice(1).every((entry) => entry.level === 'containment' && !entry.outOfOrder)).toBe(true);
  });

  it('does not hand a fragment to a turn another annotation matched in full', () => {
    const turns = [teacher('叶子变成刺是为了节水。'), student('明白了'), teacher('根长是为了吸水。')];
    const result = alignAnnotations(turns, [byTeacher('叶子变成刺是为了节水。'), byStudent('明白了'), byTeacher('根长是为了吸水。'), byTeacher('叶子变成刺')]);
    expect(result.at(-1)).toEqual({ turn: -1, level: null, reason: 'already-annotated', near: 0 });
  });

  it('going back by containment, prefers a turn nobody claimed', () => {
    const turns = [teacher('叶子变成刺是为了节水。'), teacher('叶子变成刺，对吧？'), student('对'), teacher('根长是为了吸水。')];
    const result = alignAnnotations(turns, [byTeacher('叶子变成刺是为了节水。'), byTeacher('根长是为了吸水。'), byTeacher('叶子变成刺')]);
    expect(result).toEqual([inOrder(0, 'exact'), inOrder(3, 'exact'), { turn: 1, level: 'containment', outOfOrder: true }]);
  });

  it('never aligns by index alone: unrelated texts stay unaligned', () => {
    const turns = [student('仙人掌'), teacher('沙漠')];
    const unrelated = { turn: -1, level: null, reason: 'no-match', near: null };
    expect(alignAnnotations(turns, [note('完全无关的一句话'), note('另一句毫不相干的话')])).toEqual([unrelated, unrelated]);
  });

  it('does not align an annotation without text, nor by a single shared character', () => {
    const turns = [student('对'), teacher('对吗？为什么')];
    expect(alignAnnotations(turns, [note(null), note('对不起')])).toEqual([
      { turn: -1, level: null, reason: 'no-text', near: null },
      { turn: -1, level: null, reason: 'no-match', near: null },
    ]);
  });

  it('requires the speaker to agree for containment when the annotation names one', () => {
    const turns = [student('水分不够吧'), teacher('对，水分不够是关键')];
    expect(alignAnnotations(turns, [note('水分不够', 'teacher')])).toEqual([inOrder(1, 'containment')]);
  });
});

describe('alignment warnings in an import', () => {
  it("reports an out-of-order entry with 'out-of-order-annotation' and keeps its values on its turn", () => {
    const text = sidLine(
      [
        ['教师', '为什么？'],
        ['学生', '因为缺水'],
        ['教师', '为什么？'],
        ['学生', '因为热'],
      ],
      [
        annotation('教师', '为什么？', { cognitive_level: '理解' }),
        annotation('学生', '因为热', { cognitive_level: '记忆' }),
        annotation('教师', '为什么？', { cognitive_level: '应用' }),
        annotation('学生', '因为缺水', { cognitive_level: '分析' }),
      ],
    );
    const file = parseText('M/x.jsonl', text);
    const turns = file.dialogues[0].turns;
    expect(turns.map((turn) => turn.pre.cognitive_level?.raw)).toEqual(['理解', '分析', '应用', '记忆']);
    expect(turns.every((turn) => turn.fragments === 1)).toBe(true);
    expect(warningsOf(file, 'merged-fragments')).toEqual([]);
    expect(warningsOf(file, 'out-of-order-annotation').map((warning) => warning.message)).toEqual([
      expect.stringMatching(/^Annotation 3 \("为什么？"\) was attached to Turn 3 \(教师\)/),
      expect.stringMatching(/^Annotation 4 \("因为缺水"\) was attached to Turn 2 \(学生\)/),
    ]);
  });

  it('explains why an entry stayed unaligned', () => {
    const text = sidLine(
      [
        ['教师', '你觉得呢？'],
        ['学生', '水不够'],
      ],
      [annotation('教师', '你觉得呢？'), annotation('学生', '水不够'), annotation('教师', '你觉得呢？'), annotation('学生', '你觉得呢？')],
    );
    const file = parseText('M/x.jsonl', text);
    expect(file.dialogues[0].unaligned.map((entry) => entry.index)).toEqual([2, 3]);
    expect(warningsOf(file, 'unaligned-annotation').map((warning) => warning.message)).toEqual([
      expect.stringMatching(/^Annotation 3 \("你觉得呢？"\) matches Turn 1 \(教师\), which other annotation entries already describe/),
      expect.stringMatching(/^Annotation 4 \("你觉得呢？"\) has the text of Turn 1 \(教师\) but the speaker "学生"/),
    ]);
  });

  it("still merges a split summary with 'merged-fragments'", () => {
    const text = sidLine(
      [
        ['学生', '我明白了'],
        ['教师', '总结：第一，植物适应环境。第二，叶子变成刺减少蒸腾。第三，根很深。[结束]'],
      ],
      [annotation('学生', '我明白了'), annotation('教师', '总结：第一，植物适应环境。'), annotation('教师', '第二，叶子变成刺减少蒸腾。'), annotation('教师', '第三，根很深。[结束]')],
    );
    const file = parseText('M/x.jsonl', text);
    expect(file.dialogues[0].turns.map((turn) => [turn.alignment, turn.fragments])).toEqual([
      ['exact', 1],
      ['containment', 3],
    ]);
    expect(warningsOf(file, 'merged-fragments')).toHaveLength(1);
    expect(warningsOf(file, 'out-of-order-annotation')).toEqual([]);
  });
});
