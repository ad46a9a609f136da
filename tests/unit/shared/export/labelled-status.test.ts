/**
 * A blind annotator's labels (decision `labelled`: given with no suggestion shown) are counted and
 * written as what they are in every export: not as accepted pre-annotations, not as corrections.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { cardCounts, summarizeExport, toLongCsv, toSidJsonl, type ExportDialogue } from '../../../../shared/export';
import { toStoredDialogue } from '../../../../shared/import';
import type { FieldReview } from '../../../../shared/model/review';
import { parseText, sidLine } from '../support';

const AT = '2026-12-02T11:00:00.000Z';

// a turn with no annotation aligned, as a blind assignment's
const file = parseText('blind.jsonl', sidLine([['教师', '你觉得呢？'], ['学生', '不知道']], [], { topic_id: 1, student_id: 1, repeat_id: 1 }));
const { dialogue, turns } = toStoredDialogue(file.dialogues[0]!, { datasetId: 'ds', sourceId: 'src', file: file.file });
const review = (fieldId: string, decision: FieldReview['decision'], codes: string[]): FieldReview => ({ id: `${turns[0]!.id}|${fieldId}`, turnId: turns[0]!.id, dialogueId: dialogue.id, fieldId, decision, codes, text: null, reviewer: '王老师', at: AT });
const item: ExportDialogue = {
  dialogue,
  turns,
  fieldReviews: [review('teacher_intent', 'labelled', ['guide_reasoning']), review('teacher_guidance_level', 'labelled', ['L2']), review('discipline', 'unsure', ['biology'])],
  turnReviews: [],
  dialogueReview: null,
};

describe('labelled values in exports', () => {
  it('are counted apart, never as accepted or corrected', () => {
    expect(summarizeExport([item], DEFAULT_CODEBOOK, 'all').labels).toEqual({ accepted: 0, changed: 0, unsure: 1, labelled: 2, unreviewed: 0 });
    const fields = cardCounts([item], DEFAULT_CODEBOOK, 'all').fields;
    expect(fields.find((entry) => entry.fieldId === 'teacher_intent')).toMatchObject({ expert: 1, accepted: 0, changed: 0, labelled: 1 });
  });

  it('carry their decision in the SID provenance and the long CSV', () => {
    const record = JSON.parse(toSidJsonl([item], DEFAULT_CODEBOOK, { scope: 'all' }).trim()) as { maieutic: { labels: Record<string, number>; turns: { values: Record<string, string>; fields: Record<string, { decision: string; pre: string | null }> }[] } };
    expect(record.maieutic.labels).toMatchObject({ labelled: 2, changed: 0, accepted: 0 });
    expect(record.maieutic.turns[0]!.values.teacher_intent).toBe('labelled');
    expect(record.maieutic.turns[0]!.fields.teacher_intent).toMatchObject({ decision: 'labelled', pre: null });
    const rows = Papa.parse<Record<string, string>>(toLongCsv([item], DEFAULT_CODEBOOK, { scope: 'all' }), { header: true, skipEmptyLines: true }).data;
    expect(rows.find((row) => row.field === 'teacher_intent')?.status).toBe('labelled');
  });
});
