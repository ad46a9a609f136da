import { describe, expect, it } from 'vitest';
import { duplicateIdWarnings } from '../../../../shared/import';

const dialogue = (line: number, ids: [string, string, string] | null, teacherModel = 'GPT-4o') => ({ line, teacherModel, topicId: ids?.[0] ?? null, studentId: ids?.[1] ?? null, repeatId: ids?.[2] ?? null });

describe('duplicateIdWarnings', () => {
  it('warns each later file of the same model holding an id, naming the first; not another model, not a record without ids, not twice within a file (the file check says that)', () => {
    const warnings = duplicateIdWarnings(
      [
        { file: 'a.jsonl', dialogues: [dialogue(1, ['1', '1', '1']), dialogue(2, ['1', '1', '1']), dialogue(3, null)] },
        { file: 'b.jsonl', dialogues: [dialogue(1, ['1', '1', '1']), dialogue(2, ['1', '1', '1'], 'Qwen'), dialogue(3, null)] },
        { file: 'c.jsonl', dialogues: [dialogue(4, ['1', '1', '1'])] },
      ],
      [],
    );
    expect(warnings.map((issues) => issues.map((issue) => `${issue.file}:${issue.line} ${issue.code}: ${issue.message}`))).toEqual([
      [],
      ['b.jsonl:1 duplicate-dialogue-across-files: Dialogue "1-1-1" of GPT-4o is also in a.jsonl on line 1; both are imported, check whether one is a copy.'],
      ['c.jsonl:4 duplicate-dialogue-across-files: Dialogue "1-1-1" of GPT-4o is also in a.jsonl on line 1; both are imported, check whether one is a copy.'],
    ]);
  });

  it('applies the model named in the report to the dialogues that took the file\'s model, and compares with the data set', () => {
    const files = [{ file: 'x.jsonl', dialogues: [dialogue(1, ['2', '1', '1'], 'x'), dialogue(2, ['2', '1', '2'], 'Claude')], renamed: { from: 'x', to: 'GPT-4o' } }];
    const stored = [{ ...dialogue(9, ['2', '1', '1']), file: 'old.jsonl' }, { ...dialogue(5, ['2', '1', '2']), file: 'old.jsonl' }];
    expect(duplicateIdWarnings(files, stored)[0].map((issue) => [issue.line, issue.code, issue.message])).toEqual([
      [1, 'duplicate-dialogue-in-dataset', 'The data set already holds dialogue "2-1-1" of GPT-4o (from old.jsonl, line 9); both are kept, check whether this file was imported before.'],
    ]);
  });
});
