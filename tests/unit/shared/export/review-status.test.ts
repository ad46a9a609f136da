/**
 * What an export says about checking: which dialogues and turns each scope holds, how many of
 * its labels an expert checked, and the status every value carries in the SID provenance and in
 * the long CSV. A verified turn whose values nobody reviewed (verifying before it confirmed the
 * values) must still read as unreviewed.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { summarizeExport, toLongCsv, toSidJsonl, type ExportDialogue, type ExportScope } from '../../../../shared/export';
import { toStoredDialogue } from '../../../../shared/import';
import type { Turn } from '../../../../shared/model/dataset';
import type { DialogueStatus, FieldReview } from '../../../../shared/model/review';
import { annotation, parseText, sidLine } from '../support';

const AT = '2025-05-06T07:08:09.000Z';

/** An annotation entry with a key of the LLM's own (sidLine takes string values only). */
function withConfidence(entry: Record<string, string>, confidence: number): Record<string, string> {
  return { ...entry, confidence } as unknown as Record<string, string>;
}

/** Three turns, student–teacher–student; labels count per turn: 4, 6, 4 (speaker and utterance are transcript). */
function dialogueLine(topic: number): string {
  return sidLine(
    [
      ['学生', `第${topic}题：为什么仙人掌的叶子是刺？`],
      ['教师', '你觉得沙漠里最缺少的是什么？'],
      ['学生', '水！[结束]'],
    ],
    [
      withConfidence(annotation('学生', `第${topic}题：为什么仙人掌的叶子是刺？`, { discipline: '生物', discipline_transfer: '否', student_cognition_state: '模糊理解', cognitive_level: '记忆' }), 0.3),
      annotation('教师', '你觉得沙漠里最缺少的是什么？', { teacher_intent: '引导推理', teaching_strategy: '追问, 提示', discipline: '生物, 地理', discipline_transfer: '是', teacher_guidance_level: 'L2', cognitive_level: '理解' }),
      withConfidence(annotation('学生', '水！[结束]', { discipline: '地理', discipline_transfer: '否', student_cognition_state: '清晰理解', cognitive_level: '记忆' }), 0.9),
    ],
    { topic_id: topic, student_id: 1, repeat_id: 1 },
  );
}

function review(turn: Turn, fieldId: string, decision: FieldReview['decision'], codes: string[]): FieldReview {
  return { id: `${turn.id}|${fieldId}`, turnId: turn.id, dialogueId: turn.dialogueId, fieldId, decision, codes, text: null, reviewer: 'wang', at: AT };
}

function verifiedTurn(turn: Turn) {
  return { id: turn.id, dialogueId: turn.dialogueId, verified: true, reviewer: 'wang', at: AT };
}

function dialogueReview(item: ExportDialogue, status: DialogueStatus) {
  return { id: item.dialogue.id, status, reviewer: 'wang', at: AT };
}

const file = parseText('GPT-4o/a.jsonl', [dialogueLine(1), dialogueLine(2), dialogueLine(3)].join('\n'));
const [partlyRaw, verifiedRaw, untouched] = file.dialogues.map((parsed): ExportDialogue => {
  const { dialogue, turns } = toStoredDialogue(parsed, { datasetId: 'ds', sourceId: 'src', file: file.file });
  return { dialogue, turns, fieldReviews: [], turnReviews: [], dialogueReview: null };
});

/**
 * Dialogue 1 (in progress): turn 0 fully reviewed (one label corrected) and verified; turn 1
 * verified without a single review; turn 2 has a review but is not verified.
 */
const [s0, t1, s2] = partlyRaw.turns;
const partly: ExportDialogue = {
  ...partlyRaw,
  fieldReviews: [
    review(s0, 'discipline', 'accepted', ['biology']),
    review(s0, 'discipline_transfer', 'accepted', ['no']),
    review(s0, 'student_cognition_state', 'changed', ['clear_understanding']),
    review(s0, 'cognitive_level', 'unsure', ['remember']),
    review(s2, 'cognitive_level', 'changed', ['understand']),
  ],
  turnReviews: [verifiedTurn(s0), verifiedTurn(t1)],
  dialogueReview: dialogueReview(partlyRaw, 'in-progress'),
};
/** Dialogue 2: marked verified as a whole, one label reviewed, no turn verified. */
const verified: ExportDialogue = {
  ...verifiedRaw,
  fieldReviews: [review(verifiedRaw.turns[1], 'teacher_intent', 'accepted', ['guide_reasoning'])],
  dialogueReview: dialogueReview(verifiedRaw, 'verified'),
};
const items = [partly, verified, untouched];

interface Provenance {
  version: number;
  scope: ExportScope;
  status: string;
  verified: boolean;
  labels: Record<string, number>;
  turns: { index: number; verified: boolean; inScope: boolean; labels: Record<string, number>; values: Record<string, string>; fields: Record<string, { decision: string }> }[];
}
interface ExportedRecord {
  topic_id: number;
  dialogue: { role: string; content: string }[];
  annotations: Record<string, unknown>[];
  maieutic: Provenance;
}

function records(scope: ExportScope): ExportedRecord[] {
  return toSidJsonl(items, DEFAULT_CODEBOOK, { scope })
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ExportedRecord);
}

function csvRows(scope: ExportScope): Record<string, string>[] {
  const parsed = Papa.parse<Record<string, string>>(toLongCsv(items, DEFAULT_CODEBOOK, { scope }), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('summarizeExport', () => {
  it('counts verified dialogues, and verified turns wherever they are', () => {
    expect(summarizeExport(items, DEFAULT_CODEBOOK, 'verified')).toEqual({
      dialogues: 1, turns: 3, verifiedDialogues: 1, verifiedTurns: 0,
      labels: { accepted: 1, changed: 0, unsure: 0, unreviewed: 13 },
    });
    expect(summarizeExport(items, DEFAULT_CODEBOOK, 'verified-turns')).toEqual({
      dialogues: 1, turns: 2, verifiedDialogues: 0, verifiedTurns: 2,
      labels: { accepted: 2, changed: 1, unsure: 1, unreviewed: 6 },
    });
    expect(summarizeExport(items, DEFAULT_CODEBOOK, 'all')).toEqual({
      dialogues: 3, turns: 9, verifiedDialogues: 1, verifiedTurns: 2,
      labels: { accepted: 3, changed: 2, unsure: 1, unreviewed: 36 },
    });
  });

  it('counts the labels of a turn verified without review as unreviewed, and the transcript not at all', () => {
    const onlyTurn1: ExportDialogue = { ...partly, turnReviews: [verifiedTurn(t1)] };
    expect(summarizeExport([onlyTurn1], DEFAULT_CODEBOOK, 'verified-turns').labels).toEqual({ accepted: 0, changed: 0, unsure: 0, unreviewed: 6 });
  });

  it('does not count an empty label as an unreviewed value', () => {
    const emptied: ExportDialogue = { ...untouched, turns: untouched.turns.map((turn, i) => (i === 1 ? { ...turn, pre: { ...turn.pre, teacher_intent: { raw: '', codes: [], unknown: [], status: 'empty' } } } : turn)) };
    expect(summarizeExport([emptied], DEFAULT_CODEBOOK, 'all').labels.unreviewed).toBe(13);
  });

  it('follows the corrected speaker: a student turn corrected to teacher has the teacher labels', () => {
    const [student] = untouched.turns;
    const corrected: ExportDialogue = { ...untouched, fieldReviews: [review(student, 'speaker', 'changed', ['teacher'])] };
    const rows = Papa.parse<Record<string, string>>(toLongCsv([corrected], DEFAULT_CODEBOOK), { header: true, skipEmptyLines: true }).data.filter((row) => row.turn === '0');
    expect(rows.map((row) => row.field)).toEqual(['speaker', 'utterance', 'teacher_intent', 'teaching_strategy', 'discipline', 'discipline_transfer', 'student_cognition_state', 'teacher_guidance_level', 'cognitive_level']);
    // the stray student label is still written, with its status: it holds an LLM value
    expect(rows.find((row) => row.field === 'student_cognition_state')?.status).toBe('unreviewed');
  });
});

describe('SID JSONL provenance', () => {
  it('says per dialogue whether it is verified and counts its labels by status', () => {
    const all = records('all');
    expect(all.map((record) => [record.topic_id, record.maieutic.status, record.maieutic.verified])).toEqual([
      [1, 'in-progress', false],
      [2, 'verified', true],
      [3, 'unreviewed', false],
    ]);
    expect(all.map((record) => record.maieutic.labels)).toEqual([
      { accepted: 2, changed: 2, unsure: 1, unreviewed: 9 },
      { accepted: 1, changed: 0, unsure: 0, unreviewed: 13 },
      { accepted: 0, changed: 0, unsure: 0, unreviewed: 14 },
    ]);
    expect(all.every((record) => record.maieutic.version === 5 && record.maieutic.scope === 'all')).toBe(true);
  });

  it('gives every written value its status; a verified turn nobody reviewed says unreviewed', () => {
    const [first] = records('all');
    const [turn0, turn1, turn2] = first.maieutic.turns;
    expect(turn0).toMatchObject({ verified: true, inScope: true });
    expect(turn0.values).toEqual({
      speaker: 'unreviewed', utterance: 'unreviewed',
      discipline: 'accepted', discipline_transfer: 'accepted', student_cognition_state: 'changed', cognitive_level: 'unsure',
    });
    expect(turn1).toMatchObject({ verified: true, inScope: true, labels: { accepted: 0, changed: 0, unsure: 0, unreviewed: 6 }, fields: {} });
    expect(Object.values(turn1.values).every((status) => status === 'unreviewed')).toBe(true);
    expect(Object.keys(turn1.values)).toEqual(['speaker', 'utterance', 'teacher_intent', 'teaching_strategy', 'discipline', 'discipline_transfer', 'teacher_guidance_level', 'cognitive_level']);
    expect(turn2).toMatchObject({ verified: false, values: { cognitive_level: 'changed', discipline: 'unreviewed' }, fields: { cognitive_level: { decision: 'changed' } } });
  });

  it('verified turns: only dialogues with one, the transcript whole, labels only of the verified turns', () => {
    const written = records('verified-turns');
    expect(written.map((record) => record.topic_id)).toEqual([1]);
    const [record] = written;
    expect(record.dialogue.map((entry) => entry.content)).toEqual(partly.turns.map((turn) => turn.utterance));
    expect(record.annotations).toHaveLength(3);
    expect(record.maieutic.turns.map((turn) => turn.inScope)).toEqual([true, true, false]);
    const left = record.annotations[2];
    // the reviewed label of the unverified turn stays out too, and so do the LLM's own keys
    expect(left).toEqual({
      speaker: '学生', utterance: '水！[结束]', teacher_intent: '', teaching_strategy: '', discipline: '', discipline_transfer: '',
      student_cognition_state: '', teacher_guidance_level: '', cognitive_level: '',
    });
    expect(record.annotations[0]).toMatchObject({ student_cognition_state: '清晰理解', confidence: 0.3 });
    expect(record.maieutic.turns[2]).toMatchObject({ values: { speaker: 'unreviewed', utterance: 'unreviewed' }, fields: {}, labels: { accepted: 0, changed: 0, unsure: 0, unreviewed: 0 } });
    expect(record.maieutic.labels).toEqual(summarizeExport(items, DEFAULT_CODEBOOK, 'verified-turns').labels);
  });

  it('verified dialogues: exactly the verified one', () => {
    expect(records('verified').map((record) => [record.topic_id, record.maieutic.scope])).toEqual([[2, 'verified']]);
  });

  it('a verified-turns export re-imports with the left-out turns unannotated', () => {
    const again = parseText('GPT-4o/a.jsonl', toSidJsonl(items, DEFAULT_CODEBOOK, { scope: 'verified-turns' }));
    const turns = again.dialogues[0].turns;
    expect(turns.map((turn) => turn.alignment)).toEqual(['exact', 'exact', 'exact']);
    expect(turns[0].pre.student_cognition_state).toMatchObject({ codes: ['clear_understanding'] });
    expect(turns[2].pre.cognitive_level?.status ?? 'empty').toBe('empty');
  });
});

describe('long CSV status', () => {
  it('all: every row says its value status, whether its turn is verified and the dialogue status', () => {
    const rows = csvRows('all');
    const of = (topic: string, turn: string, field: string) => rows.find((row) => row.external_id === topic && row.turn === turn && row.field === field);
    expect(of('1-1-1', '0', 'student_cognition_state')).toMatchObject({ status: 'changed', expert_value: 'clear_understanding', turn_verified: 'true', dialogue_status: 'in-progress' });
    expect(of('1-1-1', '1', 'teacher_intent')).toMatchObject({ status: 'unreviewed', expert_value: '', turn_verified: 'true' });
    expect(of('1-1-1', '2', 'cognitive_level')).toMatchObject({ status: 'changed', turn_verified: 'false' });
    expect(of('2-1-1', '1', 'teacher_intent')).toMatchObject({ status: 'accepted', turn_verified: 'false', dialogue_status: 'verified' });
    expect(of('3-1-1', '1', 'teacher_intent')).toMatchObject({ status: 'unreviewed', dialogue_status: 'unreviewed' });
    const labelRows = rows.filter((row) => row.field !== 'speaker' && row.field !== 'utterance');
    expect(labelRows.filter((row) => row.status === 'unreviewed')).toHaveLength(summarizeExport(items, DEFAULT_CODEBOOK, 'all').labels.unreviewed);
  });

  it('verified turns: rows of the verified turns only', () => {
    const rows = csvRows('verified-turns');
    expect([...new Set(rows.map((row) => `${row.external_id}#${row.turn}`))]).toEqual(['1-1-1#0', '1-1-1#1']);
    expect(rows.every((row) => row.turn_verified === 'true')).toBe(true);
  });
});
