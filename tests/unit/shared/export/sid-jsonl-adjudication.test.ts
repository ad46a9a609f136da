import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { fieldById, labelByCode } from '../../../../shared/codebook/lookup';
import { PROVENANCE_VERSION, toSidJsonl, type ExportDialogue } from '../../../../shared/export';
import { toStoredDialogue } from '../../../../shared/import';
import type { AdjudicationRow } from '../../../../shared/model/adjudication';
import { annotation, parseText, sidLine } from '../support';

const line = sidLine(
  [
    ['学生', '为什么仙人掌的叶子是刺？'],
    ['教师', '你觉得沙漠里最缺少的是什么？'],
  ],
  [
    annotation('学生', '为什么仙人掌的叶子是刺？', { discipline: '生物', discipline_transfer: '否', student_cognition_state: '模糊理解', cognitive_level: '记忆' }),
    annotation('教师', '你觉得沙漠里最缺少的是什么？', { teacher_intent: '引导推理', teaching_strategy: '追问', discipline: '生物', discipline_transfer: '否', teacher_guidance_level: 'L2', cognitive_level: '理解' }),
  ],
  { topic_id: 7, student_id: 3, repeat_id: 1 },
);

function items(): ExportDialogue[] {
  return parseText('a.jsonl', line).dialogues.map((parsed) => {
    const { dialogue, turns } = toStoredDialogue(parsed, { datasetId: 'ds', sourceId: 'src', file: 'a.jsonl' });
    return { dialogue, turns, fieldReviews: [], turnReviews: [], dialogueReview: null };
  });
}

const AT = '2026-12-02T10:00:00.000Z';
const base = { datasetId: 'ds', dialogueId: 'src:1', text: null, compared: ['llm', 'layer:b'], at: AT };
const rows: AdjudicationRow[] = [
  { ...base, id: 'src:1#1|teacher_intent', turnId: 'src:1#1', fieldId: 'teacher_intent', status: 'adjudicated', codes: ['check_understanding'], agreedWith: ['layer:b'], decidedBy: 'ann-li', note: 'asks what the student knows', needsGuidelineUpdate: true },
  { ...base, id: 'src:1#1|cognitive_level', turnId: 'src:1#1', fieldId: 'cognitive_level', status: 'unanimous', codes: ['understand'], agreedWith: ['llm', 'layer:b'], decidedBy: 'ann-li', note: '', needsGuidelineUpdate: false },
  { ...base, id: 'src:1#0|student_cognition_state', turnId: 'src:1#0', fieldId: 'student_cognition_state', status: 'unresolved', codes: [], agreedWith: [], decidedBy: 'ann-li', note: 'ask the team', needsGuidelineUpdate: false },
];
const adjudication = { rows, raterNames: { llm: 'LLM pre-annotation', 'layer:b': 'Annotator B' }, annotatorNames: { 'ann-li': '李老师' } };

type Record_ = { annotations: Record<string, string>[]; maieutic: { version: number; adjudicated: boolean; turns: { adjudication?: Record<string, unknown> }[] } };

describe('SID JSONL with the adjudicated layer', () => {
  it('writes adjudicated values as SID labels with per-field provenance in names; an unresolved field keeps the usual value', () => {
    const record = JSON.parse(toSidJsonl(items(), DEFAULT_CODEBOOK, { adjudication })) as Record_;
    const checkName = labelByCode(fieldById(DEFAULT_CODEBOOK, 'teacher_intent')!, 'check_understanding')!.name.zh;
    expect(record.annotations[1].teacher_intent).toBe(checkName);
    expect(record.annotations[1].cognitive_level).toBe('理解');
    expect(record.annotations[0].student_cognition_state).toBe('模糊理解');
    expect(PROVENANCE_VERSION).toBe(5);
    expect(record.maieutic.version).toBe(5);
    expect(record.maieutic.adjudicated).toBe(true);
    expect(record.maieutic.turns[1].adjudication).toEqual({
      teacher_intent: { status: 'adjudicated', agreedWith: ['Annotator B'], decidedBy: '李老师', note: 'asks what the student knows', needsGuidelineUpdate: true },
      cognitive_level: { status: 'unanimous', agreedWith: ['LLM pre-annotation', 'Annotator B'], decidedBy: '李老师', note: '', needsGuidelineUpdate: false },
    });
    expect(record.maieutic.turns[0].adjudication).toEqual({ student_cognition_state: { status: 'unresolved', agreedWith: [], decidedBy: '李老师', note: 'ask the team', needsGuidelineUpdate: false } });
  });

  it('without the option writes the usual values and no adjudication provenance', () => {
    const record = JSON.parse(toSidJsonl(items(), DEFAULT_CODEBOOK)) as Record_;
    expect(record.annotations[1].teacher_intent).toBe('引导推理');
    expect(record.maieutic.adjudicated).toBe(false);
    expect(record.maieutic.turns[1]).not.toHaveProperty('adjudication');
  });
});
