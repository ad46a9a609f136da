import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { LONG_CSV_HEADER, toLongCsv } from '../../../../shared/export';
import type { ExportDialogue } from '../../../../shared/export';
import { toStoredDialogue } from '../../../../shared/import';
import type { FieldReview } from '../../../../shared/model/review';
import { annotation, parseText, sidLine } from '../support';

const tricky = '她说："好, 我懂了"\n然后="1+2"';
const text = sidLine(
  [
    ['教师', '=HYPERLINK("x")'],
    ['学生', tricky],
  ],
  [
    annotation('教师', '=HYPERLINK("x")', { teacher_intent: '引导推理', teaching_strategy: '追问，提示', discipline: '数学', discipline_transfer: '否', teacher_guidance_level: 'L1', cognitive_level: '-3' }),
    annotation('学生', tricky, { discipline: '数学', discipline_transfer: '否', student_cognition_state: '理解', cognitive_level: '记忆' }),
  ],
);

function item(reviews: (turnIds: string[]) => FieldReview[]): ExportDialogue {
  const [parsed] = parseText('a.jsonl', text).dialogues;
  const { dialogue, turns } = toStoredDialogue(parsed, { datasetId: 'ds', sourceId: 'src', file: 'a.jsonl' });
  return { dialogue, turns, fieldReviews: reviews(turns.map((turn) => turn.id)), turnReviews: [], dialogueReview: null };
}

const at = '2025-03-04T05:06:07.000Z';
const review = (turnId: string, fieldId: string, decision: FieldReview['decision'], codes: string[], textValue: string | null = null): FieldReview => ({
  id: `${turnId}|${fieldId}`,
  turnId,
  dialogueId: 'src:1',
  fieldId,
  decision,
  codes,
  text: textValue,
  reviewer: 'li',
  at,
});

describe('toLongCsv', () => {
  const csv = toLongCsv(
    [
      item(([teacher, student]) => [
        review(teacher, 'teacher_intent', 'changed', ['check_understanding']),
        review(teacher, 'teaching_strategy', 'accepted', ['follow_up_questioning', 'provide_hints']),
        review(student, 'student_cognition_state', 'unsure', ['vague_understanding']),
        review(student, 'utterance', 'changed', [], '改过的, "文本"'),
      ]),
    ],
    DEFAULT_CODEBOOK,
  );
  const rows = Papa.parse<string[]>(csv.trimEnd(), {}).data;
  const byKey = new Map(rows.slice(1).map((row) => [`${row[1]}/${row[2]}`, row]));

  it('has the fixed header and one row per turn × applicable field', () => {
    expect(rows[0].slice(0, 12)).toEqual(['dialogue', 'turn', 'field', 'pre_annotation', 'expert_value', 'status', 'reviewer', 'time', 'external_id', 'teacher_model', 'turn_verified', 'dialogue_status']);
    expect(rows.slice(1).filter((row) => row[1] === '0').map((row) => row[2])).toEqual([
      'speaker',
      'utterance',
      'teacher_intent',
      'teaching_strategy',
      'discipline',
      'discipline_transfer',
      'teacher_guidance_level',
      'cognitive_level',
    ]);
    expect(rows.slice(1).filter((row) => row[1] === '1').map((row) => row[2])).toEqual(['speaker', 'utterance', 'discipline', 'discipline_transfer', 'student_cognition_state', 'cognitive_level']);
    expect(rows.slice(1).every((row) => row[0] === 'src:1' && row.length === LONG_CSV_HEADER.length)).toBe(true);
  });

  it('writes decisions, reviewer and time; unreviewed rows have no expert value', () => {
    expect(byKey.get('0/teacher_intent')?.slice(0, 8)).toEqual(['src:1', '0', 'teacher_intent', 'guide_reasoning', 'check_understanding', 'changed', 'li', at]);
    expect(byKey.get('0/teaching_strategy')?.slice(3, 6)).toEqual(['follow_up_questioning, provide_hints', 'follow_up_questioning, provide_hints', 'accepted']);
    expect(byKey.get('0/discipline')?.slice(3, 8)).toEqual(['mathematics', '', 'unreviewed', '', '']);
  });

  it('leaves an unsure label\'s expert value empty unless the guess is asked for; the status says unsure either way', () => {
    expect(byKey.get('1/student_cognition_state')?.slice(3, 6)).toEqual(['理解', '', 'unsure']);
    const guessed = Papa.parse<string[]>(toLongCsv([item(([, student]) => [review(student, 'student_cognition_state', 'unsure', ['vague_understanding'])])], DEFAULT_CODEBOOK, { unsureValues: 'guess' }).trimEnd(), {}).data;
    const row = guessed.find((cells) => cells[1] === '1' && cells[2] === 'student_cognition_state');
    expect(row?.slice(3, 6)).toEqual(['理解', 'vague_understanding', 'unsure']);
  });

  it('names the external id and the teacher model on every row, the reviewer\'s correction first', () => {
    const plain = item(() => []);
    const first = Papa.parse<string[]>(toLongCsv([plain], DEFAULT_CODEBOOK).trimEnd(), {}).data[1];
    expect(first.slice(8, 12)).toEqual([plain.dialogue.externalId, plain.dialogue.teacherModel, 'false', 'unreviewed']);
    const corrected = { ...plain, dialogueReview: { id: plain.dialogue.id, status: 'in-progress' as const, teacherModel: 'GPT-4o-corrected', reviewer: 'li', at } };
    const row = Papa.parse<string[]>(toLongCsv([corrected], DEFAULT_CODEBOOK).trimEnd(), {}).data[1];
    expect(row[9]).toBe('GPT-4o-corrected');
  });

  it('quotes commas, quotes and newlines so the text survives a CSV reader', () => {
    expect(byKey.get('1/utterance')?.slice(3, 5)).toEqual([tricky, '改过的, "文本"']);
  });

  it('defuses spreadsheet formulas but leaves plain numbers alone', () => {
    expect(byKey.get('0/utterance')?.[3]).toBe(`'=HYPERLINK("x")`);
    expect(byKey.get('0/cognitive_level')?.[3]).toBe('-3');
    const raw = toLongCsv([item(() => [])], DEFAULT_CODEBOOK, { escapeFormulae: false });
    expect(raw).toContain('"=HYPERLINK(""x"")"');
  });
});
