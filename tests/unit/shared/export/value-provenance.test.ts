import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { LONG_CSV_HEADER, PROVENANCE_VERSION, toLongCsv, toSidJsonl, type ExportDialogue, type ProvenanceContext } from '../../../../shared/export';
import { toStoredDialogue } from '../../../../shared/import';
import type { AdjudicationRow } from '../../../../shared/model/adjudication';
import type { FieldReview } from '../../../../shared/model/review';
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

const AT = '2026-12-02T10:00:00.000Z';
const review = (turnId: string, fieldId: string, codes: string[], extra: Partial<FieldReview> = {}): FieldReview => ({
  id: `${turnId}|${fieldId}`, turnId, dialogueId: 'src:1', fieldId, decision: 'changed', codes, text: null, reviewer: 'li', annotatorId: 'ann-li', at: AT, ...extra,
});

function items(): ExportDialogue[] {
  return parseText('a.jsonl', line).dialogues.map((parsed) => {
    const { dialogue, turns } = toStoredDialogue(parsed, { datasetId: 'ds', sourceId: 'src', file: 'a.jsonl' });
    const [student, teacher] = turns.map((turn) => turn.id);
    return {
      dialogue,
      turns,
      fieldReviews: [
        review(student, 'student_cognition_state', ['understanding'], { decision: 'accepted', suggestionLayerId: 'lay-b' }),
        review(teacher, 'teacher_intent', ['check_understanding']),
        review(teacher, 'cognitive_level', ['apply'], { suggestionLayerId: 'lay-gpt' }),
      ],
      turnReviews: [],
      dialogueReview: null,
    };
  });
}

const context: ProvenanceContext = {
  codebook: { id: 'sid-default', version: '1.2', hash: 'abc123' },
  layers: { 'lay-b': { name: 'Annotator | B', kind: 'human' }, 'lay-gpt': { name: 'GPT run', kind: 'llm' }, 'lay-adj': { name: 'Adjudicated', kind: 'adjudicated' } },
  annotators: { 'ann-li': '李老师', 'ann-wang': '王老师' },
  adjudicatedLayer: { id: 'lay-adj', name: 'Adjudicated' },
};
const rows: AdjudicationRow[] = [
  { datasetId: 'ds', dialogueId: 'src:1', text: null, compared: ['llm', 'layer:lay-b'], at: AT, id: 'src:1#1|teaching_strategy', turnId: 'src:1#1', fieldId: 'teaching_strategy', status: 'adjudicated', codes: ['provide_hints'], agreedWith: ['layer:lay-b'], decidedBy: 'ann-wang', note: '', needsGuidelineUpdate: false },
  { datasetId: 'ds', dialogueId: 'src:1', text: null, compared: ['llm', 'layer:lay-b'], at: AT, id: 'src:1#1|discipline', turnId: 'src:1#1', fieldId: 'discipline', status: 'unresolved', codes: [], agreedWith: [], decidedBy: 'ann-wang', note: '', needsGuidelineUpdate: false },
];

type Source = { layer: { role: string; id: string; name: string }; annotator: { id: string | null; name: string } | null; adjudicated: boolean; adjudicationStatus: string | null };
type Record_ = { maieutic: { version: number; codebook: unknown; turns: { values: Record<string, string>; sources: Record<string, Source> }[] } };

describe('per-value provenance (since version 4)', () => {
  it('SID JSONL names every written value\'s layer, annotator, adjudication and the codebook version', () => {
    const record = JSON.parse(toSidJsonl(items(), DEFAULT_CODEBOOK, { provenance: context, adjudication: { rows, raterNames: {}, annotatorNames: context.annotators } })) as Record_;
    expect(PROVENANCE_VERSION).toBe(5);
    expect(record.maieutic.version).toBe(5);
    expect(record.maieutic.codebook).toEqual({ id: 'sid-default', version: '1.2', hash: 'abc123' });
    const [student, teacher] = record.maieutic.turns;
    expect(Object.keys(student.sources)).toEqual(Object.keys(student.values));
    expect(student.sources.student_cognition_state).toEqual({ layer: { role: 'attached', id: 'lay-b', name: 'Annotator | B' }, annotator: { id: 'ann-li', name: '李老师' }, adjudicated: false, adjudicationStatus: null });
    expect(student.sources.cognitive_level).toEqual({ layer: { role: 'pre-annotation', id: 'pre', name: 'LLM pre-annotation' }, annotator: null, adjudicated: false, adjudicationStatus: null });
    expect(teacher.sources.teacher_intent).toEqual({ layer: { role: 'pre-annotation', id: 'pre', name: 'LLM pre-annotation' }, annotator: { id: 'ann-li', name: '李老师' }, adjudicated: false, adjudicationStatus: null });
    expect(teacher.sources.cognitive_level.layer).toEqual({ role: 'suggestion', id: 'lay-gpt', name: 'GPT run' });
    expect(teacher.sources.teaching_strategy).toEqual({ layer: { role: 'adjudicated', id: 'lay-adj', name: 'Adjudicated' }, annotator: { id: 'ann-wang', name: '王老师' }, adjudicated: true, adjudicationStatus: 'adjudicated' });
    // an unresolved record is not the written value: the pre-annotation is, and the status says the record is open
    expect(teacher.sources.discipline).toEqual({ layer: { role: 'pre-annotation', id: 'pre', name: 'LLM pre-annotation' }, annotator: null, adjudicated: false, adjudicationStatus: 'unresolved' });
  });

  it('SID JSONL without a context writes ids for names and a null codebook, keeping the older keys', () => {
    const record = JSON.parse(toSidJsonl(items(), DEFAULT_CODEBOOK)) as Record_ & { maieutic: Record<string, unknown> };
    expect(record.maieutic.codebook).toBeNull();
    expect(record.maieutic.turns[0].sources.student_cognition_state.layer).toEqual({ role: 'suggestion', id: 'lay-b', name: 'lay-b' });
    expect(record.maieutic.turns[0].sources.student_cognition_state.annotator).toEqual({ id: 'ann-li', name: 'li' });
    for (const key of ['scope', 'adjudicated', 'dialogueId', 'status', 'labels', 'turns', 'unaligned']) expect(record.maieutic).toHaveProperty(key);
  });

  it('the long CSV writes the same provenance as its last columns', () => {
    const csv = toLongCsv(items(), DEFAULT_CODEBOOK, { provenance: context, adjudicationRows: rows });
    const [header, ...body] = Papa.parse<string[]>(csv.trimEnd(), {}).data;
    expect(header).toEqual([...LONG_CSV_HEADER]);
    expect(header.slice(12, 22)).toEqual(['source_layer', 'source_layer_id', 'source_layer_name', 'annotator', 'annotator_id', 'adjudicated', 'adjudication_status', 'codebook_id', 'codebook_version', 'codebook_hash']);
    const byKey = new Map(body.map((row) => [`${row[1]}/${row[2]}`, row.slice(12, 22)]));
    expect(byKey.get('0/student_cognition_state')).toEqual(['attached', 'lay-b', 'Annotator | B', '李老师', 'ann-li', 'false', '', 'sid-default', '1.2', 'abc123']);
    expect(byKey.get('0/cognitive_level')).toEqual(['pre-annotation', 'pre', 'LLM pre-annotation', '', '', 'false', '', 'sid-default', '1.2', 'abc123']);
    expect(byKey.get('1/cognitive_level')?.slice(0, 5)).toEqual(['suggestion', 'lay-gpt', 'GPT run', '李老师', 'ann-li']);
    // the CSV writes expert values, so an adjudicated record shows only as its status
    expect(byKey.get('1/teaching_strategy')?.slice(0, 7)).toEqual(['pre-annotation', 'pre', 'LLM pre-annotation', '', '', 'false', 'adjudicated']);
    expect(byKey.get('1/discipline')?.[6]).toBe('unresolved');
  });
});
