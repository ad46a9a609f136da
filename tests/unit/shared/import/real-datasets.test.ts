import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { guessColumnMapping, previewDelimited } from '../../../../shared/import';
import { DATASETS, errorsOf, parseText, warningsOf } from '../support';

function read(path: string): string {
  return readFileSync(DATASETS + path, 'utf8');
}

describe('MathDial example.jsonl (real data, 2 dialogues)', () => {
  const path = 'mathdial/data/example.jsonl';
  const text = read(path);
  // read independently of the parser: one record per non-blank line, turns split on |EOM|
  const records = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, string>);
  const file = parseText(path, text);

  it('is detected as MathDial and imports without errors', () => {
    expect(file.format).toBe('mathdial');
    expect(errorsOf(file)).toEqual([]);
    expect(file.dialogues).toHaveLength(records.length);
    expect(records).toHaveLength(2);
  });

  it('has one turn per |EOM| segment, with the speakers and texts of the file', () => {
    records.forEach((record, i) => {
      const segments = record.conversation.split('|EOM|');
      const turns = file.dialogues[i].turns;
      expect(turns).toHaveLength(segments.length);
      segments.forEach((segment, k) => {
        const [, role, rest] = /^(Teacher|Student): (.*)$/s.exec(segment) ?? [];
        expect(turns[k].speaker).toBe(role === 'Teacher' ? 'teacher' : 'student');
        expect(turns[k].utterance).toBe(role === 'Teacher' ? rest.replace(/^\(\w+\)/, '') : rest);
      });
    });
    expect(file.counts.turns).toBe(10 + 6);
  });

  it('keeps every teacher move raw as the pre-annotated strategy', () => {
    records.forEach((record, i) => {
      const moves = [...record.conversation.matchAll(/(?:^|\|EOM\|)Teacher: \((\w+)\)/g)].map((match) => match[1]);
      const teacherTurns = file.dialogues[i].turns.filter((turn) => turn.speaker === 'teacher');
      expect(teacherTurns.map((turn) => turn.pre.teaching_strategy?.raw)).toEqual(moves);
    });
    expect(file.counts.annotations).toBe(8);
  });

  it('maps moves through the preset table and sets mathematics everywhere', () => {
    const first = file.dialogues[0].turns;
    expect(first[0].pre.teaching_strategy).toEqual({ raw: 'generic', codes: ['encourage_responses'], unknown: [], status: 'ok' });
    expect(first[2].pre.teaching_strategy.codes).toEqual(['corrective_feedback']);
    expect(first[6].pre.teaching_strategy).toMatchObject({ raw: 'focus', codes: ['provide_hints'] });
    expect(first[1].pre.teaching_strategy).toBeUndefined();
    expect(file.dialogues.every((dialogue) => dialogue.turns.every((turn) => turn.pre.discipline.codes[0] === 'mathematics'))).toBe(true);
  });

  it('keeps the problem as topic and the other keys in extra', () => {
    const [dialogue] = file.dialogues;
    expect(dialogue.topicId).toBe(records[0].qid);
    expect(dialogue.topicText).toBe(records[0].question);
    expect(dialogue.extra.ground_truth).toBe(records[0].ground_truth);
    expect(dialogue.extra['self-correctness']).toBe(records[0]['self-correctness']);
    expect(dialogue.extra.conversation).toBeUndefined();
  });
});

describe('Bridge validation.json (real data, 71 snippets)', () => {
  const path = 'bridge/dataset/validation.json';
  const text = read(path);
  const snippets = JSON.parse(text) as { c_id: string; c_h: { text: string; user: string }[]; c_r: { text: string; user: string }[]; e: string; z_what: string; z_why: string }[];
  const file = parseText(path, text);

  it('imports all 71 snippets as dialogues of history plus response', () => {
    expect(file.format).toBe('bridge');
    expect(errorsOf(file)).toEqual([]);
    expect(file.dialogues).toHaveLength(71);
    file.dialogues.forEach((dialogue, i) => {
      const expected = [...snippets[i].c_h, ...snippets[i].c_r];
      expect(dialogue.turns.map((turn) => turn.utterance)).toEqual(expected.map((turn) => turn.text));
      expect(dialogue.turns.map((turn) => turn.speaker)).toEqual(expected.map((turn) => (turn.user === 'tutor' ? 'teacher' : 'student')));
      expect(dialogue.externalId).toBe(snippets[i].c_id);
    });
  });

  it('puts e on the last student turn of c_h and z_what/z_why on the first tutor turn of c_r', () => {
    file.dialogues.forEach((dialogue, i) => {
      const snippet = snippets[i];
      const lastStudent = snippet.c_h.map((turn) => turn.user).lastIndexOf('student');
      const firstTutor = snippet.c_h.length + snippet.c_r.findIndex((turn) => turn.user === 'tutor');
      expect(dialogue.turns[lastStudent].pre.student_cognition_state.raw).toBe(snippet.e);
      expect(dialogue.turns[firstTutor].pre.teaching_strategy.raw).toBe(snippet.z_what);
      expect(dialogue.turns[firstTutor].pre.teacher_intent.raw).toBe(snippet.z_why);
    });
  });

  it('maps the documented labels and flags the rest', () => {
    const states = file.dialogues.flatMap((dialogue) => dialogue.turns.map((turn) => turn.pre.student_cognition_state).filter((value) => value !== undefined));
    const imprecise = states.filter((value) => value.raw === 'imprecise');
    expect(imprecise.length).toBeGreaterThan(0);
    expect(imprecise.every((value) => value.codes[0] === 'vague_understanding')).toBe(true);
    expect(states.filter((value) => value.raw === 'guess').every((value) => value.codes[0] === 'incorrect_answer')).toBe(true);
    const freeText = snippets.filter((snippet) => !['guess', 'misinterpret', 'careless', 'right-idea', 'imprecise', 'diagnose'].includes(snippet.e));
    expect(states.filter((value) => value.status === 'unknown')).toHaveLength(freeText.length);
    const explain = file.dialogues.flatMap((dialogue) => dialogue.turns).filter((turn) => turn.pre.teaching_strategy?.raw === 'explain_concept');
    expect(explain.length).toBe(snippets.filter((snippet) => snippet.z_what === 'explain_concept').length);
    expect(explain.every((turn) => turn.pre.teaching_strategy.status === 'unknown')).toBe(true);
  });

  it('warns about the repeated snippet ids found in the file', () => {
    const counts = new Map<string, number>();
    for (const snippet of snippets) counts.set(snippet.c_id, (counts.get(snippet.c_id) ?? 0) + 1);
    const repeats = [...counts.values()].reduce((sum, count) => sum + count - 1, 0);
    expect(warningsOf(file, 'duplicate-dialogue')).toHaveLength(repeats);
  });

  it('gives each snippet the line where its object starts', () => {
    const lines = text.split('\n');
    for (const dialogue of file.dialogues.slice(0, 5)) {
      expect(lines[dialogue.line - 1].trim()).toBe('{');
      expect(lines[dialogue.line]).toContain(`"c_id": "${dialogue.externalId}"`);
    }
  });
});

describe('conversational-uptake uptake_data.csv through the guessed CSV mapping', () => {
  const path = 'conversational-uptake/data/uptake_data.csv';
  const text = read(path);
  const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
  const preview = previewDelimited({ name: path, text });
  const mapping = guessColumnMapping(preview.columns, DEFAULT_CODEBOOK);
  const file = parseText(path, text, { mapping });

  it('guesses one dialogue per row keyed by obs_id + exchange_idx', () => {
    expect(preview.rowCount).toBe(rows.length);
    expect(mapping.dialogueId).toBe('obs_id');
    expect(mapping.dialogueIdParts).toEqual(['exchange_idx']);
    expect(mapping.turnsPerRow?.map((turn) => turn.utterance)).toEqual(['student_text', 'teacher_text']);
  });

  it('imports every row as a student turn then a teacher turn', () => {
    expect(errorsOf(file)).toEqual([]);
    expect(file.dialogues).toHaveLength(rows.length);
    expect(rows).toHaveLength(2246);
    file.dialogues.forEach((dialogue, i) => {
      expect(dialogue.externalId).toBe(`${rows[i].obs_id}-${rows[i].exchange_idx}`);
      expect(dialogue.turns.map((turn) => [turn.speaker, turn.utterance])).toEqual([
        ['student', rows[i].student_text],
        ['teacher', rows[i].teacher_text],
      ]);
    });
    expect(file.counts.turns).toBe(2 * rows.length);
  });

  it('keeps the rating columns of a row in extra and numbers lines from the header', () => {
    const [first] = file.dialogues;
    expect(first.line).toBe(2);
    expect(file.dialogues[rows.length - 1].line).toBe(rows.length + 1);
    expect(first.extra.uptake).toBe(rows[0].uptake);
    expect(first.extra.student_on_task_num_agree).toBe(rows[0].student_on_task_num_agree);
    expect(first.extra.obs_id).toBeUndefined();
  });
});
