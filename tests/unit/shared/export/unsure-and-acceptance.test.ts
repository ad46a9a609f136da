/**
 * Exports that could mislead (issue 29, point 16): a label the expert marked unsure is written
 * empty unless the expert's guess is asked for, and the provenance says which; a value accepted
 * by verifying its turn is told apart from one accepted deliberately, and from a review stored
 * before that was recorded.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { LONG_CSV_HEADER, toLongCsv, toSidJsonl, type ExportDialogue } from '../../../../shared/export';
import { toStoredDialogue } from '../../../../shared/import';
import type { FieldReview } from '../../../../shared/model/review';
import { annotation, parseText, sidLine } from '../support';

const AT = '2025-05-06T07:08:09.000Z';
const line = sidLine(
  [
    ['教师', '你觉得沙漠里最缺少的是什么？'],
    ['学生', '阳光？'],
  ],
  [
    annotation('教师', '你觉得沙漠里最缺少的是什么？', { teacher_intent: '引导推理', teaching_strategy: '追问', discipline: '生物', discipline_transfer: '否', teacher_guidance_level: 'L2', cognitive_level: '理解' }),
    annotation('学生', '阳光？', { discipline: '地理', discipline_transfer: '是', student_cognition_state: '错误回答', cognitive_level: '记忆' }),
  ],
  { topic_id: 7, student_id: 3, repeat_id: 1 },
);
const [parsed] = parseText('GPT-4o/a.jsonl', line).dialogues;
const { dialogue, turns } = toStoredDialogue(parsed, { datasetId: 'ds', sourceId: 'src', file: 'GPT-4o/a.jsonl' });
const [teacher, student] = turns;

function review(turnId: string, fieldId: string, decision: FieldReview['decision'], codes: string[], acceptance?: FieldReview['acceptance']): FieldReview {
  return { id: `${turnId}|${fieldId}`, turnId, dialogueId: dialogue.id, fieldId, decision, codes, text: null, reviewer: 'wang', at: AT, ...(acceptance ? { acceptance } : {}) };
}

const item: ExportDialogue = {
  dialogue,
  turns,
  fieldReviews: [
    review(teacher.id, 'teacher_intent', 'accepted', ['guide_reasoning'], 'verify'),
    review(teacher.id, 'teaching_strategy', 'accepted', ['follow_up_questioning'], 'deliberate'),
    // stored before the acceptance was recorded
    review(teacher.id, 'discipline', 'accepted', ['biology']),
    review(teacher.id, 'teacher_guidance_level', 'unsure', ['L3']),
    review(student.id, 'student_cognition_state', 'unsure', ['vague_understanding']),
    review(student.id, 'cognitive_level', 'changed', ['understand']),
    // unsure about the speaker: the transcript is written whatever the option
    review(student.id, 'speaker', 'unsure', ['student']),
  ],
  turnReviews: [],
  dialogueReview: null,
};

type Exported = {
  dialogue: { role: string; content: string }[];
  annotations: Record<string, string>[];
  maieutic: { unsureValues: string; labels: Record<string, number>; turns: { values: Record<string, string>; fields: Record<string, Record<string, unknown>> }[] };
};
const exported = (options: Parameters<typeof toSidJsonl>[2] = {}) => JSON.parse(toSidJsonl([item], DEFAULT_CODEBOOK, options)) as Exported;

describe('unsure labels', () => {
  it('are written empty by default, the provenance saying unsure and left empty', () => {
    const record = exported();
    expect(record.annotations[0].teacher_guidance_level).toBe('');
    expect(record.annotations[1].student_cognition_state).toBe('');
    expect(record.maieutic.unsureValues).toBe('empty');
    expect(record.maieutic.turns[0].values.teacher_guidance_level).toBe('unsure');
    expect(record.maieutic.turns[0].fields.teacher_guidance_level).toMatchObject({ decision: 'unsure', pre: 'L2', leftEmpty: true });
    expect(record.maieutic.labels.unsure).toBe(2);
    // the expert's correction and the accepted values are written as ever
    expect(record.annotations[1].cognitive_level).toBe('理解');
    expect(record.annotations[0].teacher_intent).toBe('引导推理');
  });

  it('are the expert\'s guess when it is asked for, with no "left empty" in the provenance', () => {
    const record = exported({ unsureValues: 'guess' });
    expect(record.annotations[0].teacher_guidance_level).toBe('L3');
    expect(record.annotations[1].student_cognition_state).toBe('模糊理解');
    expect(record.maieutic.unsureValues).toBe('guess');
    expect(record.maieutic.turns[0].fields.teacher_guidance_level).not.toHaveProperty('leftEmpty');
  });

  it('never empty the transcript: an unsure speaker is written, so the file still reads and re-imports', () => {
    const record = exported();
    expect(record.dialogue[1].role).toBe('学生');
    expect(record.annotations[1].speaker).toBe('学生');
    expect(record.maieutic.turns[1].fields.speaker).not.toHaveProperty('leftEmpty');
  });

  it('re-import empty: nobody takes a left-out guess for an expert value', () => {
    const again = parseText('GPT-4o/a.jsonl', toSidJsonl([item], DEFAULT_CODEBOOK));
    const [first, second] = again.dialogues[0].turns;
    expect(first.pre.teacher_guidance_level).toMatchObject({ raw: '', status: 'empty' });
    expect(second.pre.student_cognition_state).toMatchObject({ raw: '', status: 'empty' });
    expect(second.speaker).toBe('student');
  });
});

describe('how an accepted value was accepted', () => {
  it('the SID provenance says verify, deliberate, or unknown for a review stored before it was recorded', () => {
    const { fields } = exported().maieutic.turns[0];
    expect(fields.teacher_intent.acceptance).toBe('verify');
    expect(fields.teaching_strategy.acceptance).toBe('deliberate');
    expect(fields.discipline.acceptance).toBe('unknown');
    // only an accepted value has one
    expect(fields.teacher_guidance_level).not.toHaveProperty('acceptance');
    expect(exported().maieutic.turns[1].fields.cognitive_level).not.toHaveProperty('acceptance');
  });

  it('the long CSV says the same in its last column, beside the accepted status', () => {
    const rows = Papa.parse<Record<string, string>>(toLongCsv([item], DEFAULT_CODEBOOK), { header: true, skipEmptyLines: true }).data;
    expect(LONG_CSV_HEADER.at(-1)).toBe('acceptance');
    const cell = (turn: number, field: string) => rows.find((row) => row.turn === String(turn) && row.field === field);
    expect([cell(0, 'teacher_intent'), cell(0, 'teaching_strategy'), cell(0, 'discipline')].map((row) => [row?.status, row?.acceptance])).toEqual([
      ['accepted', 'verify'],
      ['accepted', 'deliberate'],
      ['accepted', 'unknown'],
    ]);
    expect([cell(0, 'teacher_guidance_level')?.acceptance, cell(1, 'cognitive_level')?.acceptance, cell(1, 'discipline')?.acceptance]).toEqual(['', '', '']);
  });
});
