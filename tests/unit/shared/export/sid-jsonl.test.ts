import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { expertValue, toSidJsonl } from '../../../../shared/export';
import type { ExportDialogue } from '../../../../shared/export';
import { toStoredDialogue } from '../../../../shared/import';
import type { ParsedFile, Turn } from '../../../../shared/model/dataset';
import type { FieldReview } from '../../../../shared/model/review';
import { annotation, fixtureText, parseText, sidLine } from '../support';

function exportItems(file: ParsedFile, reviews: FieldReview[] = []): ExportDialogue[] {
  return file.dialogues.map((parsed) => {
    const { dialogue, turns } = toStoredDialogue(parsed, { datasetId: 'ds', sourceId: 'src', file: file.file });
    return { dialogue, turns, fieldReviews: reviews.filter((review) => review.dialogueId === dialogue.id), turnReviews: [], dialogueReview: null };
  });
}

function review(turn: Turn, fieldId: string, decision: FieldReview['decision'], codes: string[], text: string | null = null): FieldReview {
  return { id: `${turn.id}|${fieldId}`, turnId: turn.id, dialogueId: turn.dialogueId, fieldId, decision, codes, text, reviewer: 'wang', at: '2025-01-02T03:04:05.000Z' };
}

function comparable(file: ParsedFile) {
  return file.dialogues.map((dialogue) => ({
    externalId: dialogue.externalId,
    topic: [dialogue.topicId, dialogue.topicText, dialogue.studentId, dialogue.studentType, dialogue.scenario, dialogue.repeatId],
    turns: dialogue.turns.map((turn) => ({
      speaker: turn.speaker,
      speakerRaw: turn.speakerRaw,
      utterance: turn.utterance,
      endMarker: turn.endMarker,
      pre: Object.fromEntries(
        Object.entries(turn.pre)
          .filter(([id]) => id !== 'utterance')
          .map(([id, value]) => [id, { codes: value.codes, status: value.status, unknown: value.unknown }]),
      ),
    })),
  }));
}

const canonical = [
  sidLine(
    [
      ['学生', '为什么仙人掌的叶子是刺？'],
      ['教师', '你觉得沙漠里最缺少的是什么？'],
      ['学生', '水！[结束]'],
    ],
    [
      annotation('学生', '为什么仙人掌的叶子是刺？', { discipline: '生物', discipline_transfer: '否', student_cognition_state: '模糊理解', cognitive_level: '记忆' }),
      annotation('教师', '你觉得沙漠里最缺少的是什么？', { teacher_intent: '引导推理', teaching_strategy: '追问, 提示', discipline: '生物, 地理', discipline_transfer: '是', teacher_guidance_level: 'L2', cognitive_level: '理解' }),
      annotation('学生', '水！[结束]', { discipline: '地理', discipline_transfer: '否', student_cognition_state: '理解', cognitive_level: '记忆' }),
    ],
    { topic_id: 7, topic_text: '校园生态', student_id: 3, student_type: '全优型', scenario: '课堂探究', repeat_id: 1, run: { seed: 42 } },
  ),
].join('\n');

describe('toSidJsonl round trip', () => {
  it('parse → export without reviews → parse gives the same turns and pre values', () => {
    const first = parseText('GPT-4o/a.jsonl', canonical);
    const exported = toSidJsonl(exportItems(first), DEFAULT_CODEBOOK);
    const second = parseText('GPT-4o/a.jsonl', exported);
    expect(second.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    expect(comparable(second)).toEqual(comparable(first));
    expect(second.dialogues[0].turns.every((turn) => turn.alignment === 'exact')).toBe(true);
  });

  it('writes SID values exactly as a SID file holds them', () => {
    const record = JSON.parse(toSidJsonl(exportItems(parseText('a.jsonl', canonical)), DEFAULT_CODEBOOK)) as Record<string, unknown>;
    expect(Object.keys(record)).toEqual(['topic_id', 'topic_text', 'student_id', 'student_type', 'scenario', 'repeat_id', 'run', 'dialogue', 'annotations', 'maieutic']);
    expect(record.topic_id).toBe(7);
    expect(record.run).toEqual({ seed: 42 });
    const annotations = record.annotations as Record<string, string>[];
    expect(annotations[1]).toEqual({
      speaker: '教师',
      utterance: '你觉得沙漠里最缺少的是什么？',
      teacher_intent: '引导推理',
      teaching_strategy: '追问, 提示',
      discipline: '生物, 地理',
      discipline_transfer: '是',
      student_cognition_state: '',
      teacher_guidance_level: 'L2',
      cognitive_level: '理解',
    });
    expect(annotations[2].student_cognition_state).toBe('理解');
  });

  it('re-spells resolved values canonically and keeps unresolved conflicts raw', () => {
    const file = parseText('a.jsonl', fixtureText('sid-split-summary.jsonl'));
    const exported = toSidJsonl(exportItems(file), DEFAULT_CODEBOOK);
    const [record] = exported.trimEnd().split('\n').map((line) => JSON.parse(line) as { annotations: Record<string, string>[]; dialogue: unknown[] });
    expect(record.dialogue).toHaveLength(12);
    expect(record.annotations).toHaveLength(12);
    expect(record.annotations[7].discipline).toBe('地理, 生物');
    expect(record.annotations[11].teacher_intent).toBe('总结提升 | 总结提升 | 引发迁移');
    expect(record.annotations[11].utterance).toBe(file.dialogues[0].turns[11].utterance);
    expect(exported.endsWith('\n')).toBe(true);
    const again = parseText('a.jsonl', exported);
    expect(again.dialogues[1].turns[0].utterance).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('expert values and provenance', () => {
  const file = parseText('a.jsonl', canonical);
  const [item] = exportItems(file);
  const [student, teacher, last] = item.turns;
  const reviews = [
    review(teacher, 'teacher_intent', 'changed', ['check_understanding']),
    review(teacher, 'teaching_strategy', 'accepted', ['follow_up_questioning', 'provide_hints']),
    review(last, 'student_cognition_state', 'changed', ['clear_understanding']),
    review(student, 'cognitive_level', 'unsure', ['understand']),
    review(teacher, 'teacher_guidance_level', 'changed', ['L3']),
  ];
  const reviewed: ExportDialogue = {
    ...item,
    fieldReviews: reviews,
    turnReviews: [{ id: teacher.id, dialogueId: teacher.dialogueId, verified: true, reviewer: 'wang', at: '2025-01-02T03:05:00.000Z' }],
    dialogueReview: { id: item.dialogue.id, status: 'in-progress', reviewer: 'wang', at: '2025-01-02T03:06:00.000Z', teacherModel: 'GPT-4o-mini' },
  };

  it('stores the dialogue with database ids and counts its flagged values', () => {
    expect(item.dialogue).toMatchObject({ id: 'src:1', datasetId: 'ds', sourceId: 'src', turnCount: 3, flaggedCount: 1, file: 'a.jsonl', line: 1 });
    expect(item.turns.map((turn) => turn.id)).toEqual(['src:1#0', 'src:1#1', 'src:1#2']);
  });

  it('expertValue prefers the review, else the pre-annotation', () => {
    const intent = DEFAULT_CODEBOOK.fields[2];
    expect(expertValue(teacher, intent, reviews[0])).toEqual({ source: 'expert', codes: ['check_understanding'], text: '', unresolved: false });
    expect(expertValue(teacher, intent, undefined)).toEqual({ source: 'pre', codes: ['guide_reasoning'], text: '', unresolved: false });
    const state = DEFAULT_CODEBOOK.fields[6];
    expect(expertValue(last, state, undefined)).toEqual({ source: 'pre', codes: [], text: '理解', unresolved: true });
    expect(expertValue({ ...teacher, pre: {} }, intent, undefined).source).toBe('missing');
  });

  it('writes reviewed values in Chinese and the provenance under "maieutic"', () => {
    const record = JSON.parse(toSidJsonl([reviewed], DEFAULT_CODEBOOK)) as { annotations: Record<string, string>[]; maieutic: Record<string, unknown> };
    expect(record.annotations[1].teacher_intent).toBe('检测理解');
    expect(record.annotations[1].teacher_guidance_level).toBe('L3');
    expect(record.annotations[2].student_cognition_state).toBe('清晰理解');
    expect(record.annotations[0].cognitive_level).toBe('理解');
    const provenance = record.maieutic as { status: string; teacherModel: string; turns: { index: number; verified: boolean; fields: Record<string, { decision: string; pre: string }> }[] };
    expect(provenance).toMatchObject({ version: 1, dialogueId: 'src:1', externalId: '7-3-1', status: 'in-progress', reviewer: 'wang', teacherModel: 'GPT-4o-mini' });
    expect(provenance.turns.map((turn) => turn.verified)).toEqual([false, true, false]);
    expect(provenance.turns[1].fields.teacher_intent).toEqual({ decision: 'changed', pre: '引导推理', reviewer: 'wang', at: '2025-01-02T03:04:05.000Z' });
    expect(Object.keys(provenance.turns[0].fields)).toEqual(['cognitive_level']);
  });

  it('does not carry an imported "maieutic" key twice', () => {
    const exported = toSidJsonl([reviewed], DEFAULT_CODEBOOK);
    const reimported = parseText('b.jsonl', exported);
    expect(reimported.dialogues[0].extra.maieutic).toBeDefined();
    const again = JSON.parse(toSidJsonl(exportItems(reimported), DEFAULT_CODEBOOK)) as { maieutic: { status: string } };
    expect(again.maieutic.status).toBe('unreviewed');
  });
});
