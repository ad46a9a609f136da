import { describe, expect, it } from 'vitest';
import { inspectFiles, parseJobs, type ParseProgress } from '../../../../renderer/src/parsing/parse-tasks';
import { ACTIVE_CODEBOOK } from '../../../../renderer/src/codebook';
import { sidLine } from '../fixtures';

describe('parse tasks (run by the worker and by the main-thread fallback)', () => {
  it('inspects formats, guesses a CSV mapping, and takes the teacher model from a model folder or SID name but only suggests a bare file name', () => {
    const mathdial = JSON.stringify({ qid: 1, conversation: 'Teacher: (probing)What is 2+2?|EOM|Student: 4' });
    const inspections = inspectFiles(
      [
        { name: 'GPT-4o/GPT-4o-interdis_topic_1.jsonl', text: `${sidLine(1)}\n` },
        { name: 'annotated/Qwen/lesson.jsonl', text: `${sidLine(2)}\n` },
        { name: 'turns.csv', text: 'dialogue_id,turn,speaker,utterance,teacher_intent\nd1,1,学生,为什么？,\n' },
        { name: 'readme.txt', text: 'just some words' },
        { name: 'example.jsonl', text: `${mathdial}\n` },
      ],
      ACTIVE_CODEBOOK,
    );
    expect(inspections.map((item) => [item.format, item.teacherModel, item.teacherModelSuggestion])).toEqual([
      ['sid-jsonl', 'GPT-4o', null],
      ['sid-jsonl', 'Qwen', null],
      ['delimited', '', 'turns'],
      [null, '', 'readme'],
      ['mathdial', 'MathDial (human teacher)', null],
    ]);
    expect(inspections[2].mapping).toMatchObject({ dialogueId: 'dialogue_id', speaker: 'speaker', utterance: 'utterance', fields: { teacher_intent: 'teacher_intent' } });
    expect(inspections[2].preview?.rowCount).toBe(1);
  });

  it('parses every job in order and reports progress before each file and at the end', () => {
    const progress: ParseProgress[] = [];
    const files = parseJobs(
      [
        { file: { name: 'a.jsonl', text: `${sidLine(1)}\n${sidLine(2)}\n` }, teacherModel: 'GPT-4o', mapping: null },
        { file: { name: 'b.jsonl', text: `${sidLine(3)}\n` }, teacherModel: 'Edited', mapping: null },
      ],
      ACTIVE_CODEBOOK,
      (step) => progress.push(step),
    );
    expect(files.map((file) => [file.file, file.teacherModel, file.dialogues.length])).toEqual([
      ['a.jsonl', 'GPT-4o', 2],
      ['b.jsonl', 'Edited', 1],
    ]);
    expect(progress).toEqual([
      { done: 0, total: 2, file: 'a.jsonl' },
      { done: 1, total: 2, file: 'b.jsonl' },
      { done: 2, total: 2, file: null },
    ]);
  });
});
