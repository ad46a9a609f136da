import { describe, expect, it } from 'vitest';
import {
  formatIssue,
  includedByDefault,
  issueCounts,
  suggestDatasetName,
  verdictOf,
  withTeacherModel,
} from '../../../../renderer/src/stores/import/file-verdict';
import type { ImportIssue } from '../../../../shared/model/dataset';
import { dialogue, parsedFile } from '../fixtures';

const warning: ImportIssue = { severity: 'warning', file: 'a.jsonl', line: 4, code: 'unknown-label', message: 'cognitive_level: 理解（Understand） is not in the codebook' };
const error: ImportIssue = { severity: 'error', file: 'a.jsonl', line: 7, code: 'malformed-json', message: 'Unexpected end of JSON input' };

describe('file verdicts', () => {
  it('blocks files with errors, lets warnings wait for a choice and ticks clean files', () => {
    expect(verdictOf({ format: 'sid-jsonl', parsed: parsedFile('a', [dialogue(1, 2)]) })).toBe('clean');
    expect(verdictOf({ format: 'sid-jsonl', parsed: parsedFile('a', [dialogue(1, 2)], { issues: [warning] }) })).toBe('warnings');
    expect(verdictOf({ format: 'sid-jsonl', parsed: parsedFile('a', [dialogue(1, 2)], { issues: [warning, error] }) })).toBe('errors');
    expect(verdictOf({ format: 'sid-jsonl', parsed: parsedFile('a', []) })).toBe('empty');
    expect(verdictOf({ format: null, parsed: null })).toBe('unsupported');

    expect(includedByDefault('clean', [])).toBe(true);
    expect(includedByDefault('warnings', [])).toBe(false);
    expect(includedByDefault('clean', [{ contentHash: 'h', file: 'a', importedAt: '2026-01-01', datasetId: 'd', datasetName: 'x' }])).toBe(false);
  });

  it('counts issues by severity and code and writes them as file:line — message', () => {
    const counts = issueCounts(parsedFile('a', [], { issues: [warning, warning, error] }));
    expect(counts).toEqual({ errors: 1, warnings: 2, byCode: [['unknown-label', 2], ['malformed-json', 1]] });
    expect(formatIssue(error)).toBe('a.jsonl:7 — Unexpected end of JSON input');
  });

  it('applies an edited teacher model to dialogues that took the file’s model only', () => {
    const file = parsedFile('a.csv', [dialogue(1, 2), dialogue(2, 2, { teacherModel: 'Claude' })]);
    const edited = withTeacherModel(file, ' GPT-4o-mini ');
    expect(edited.teacherModel).toBe('GPT-4o-mini');
    expect(edited.dialogues.map((item) => item.teacherModel)).toEqual(['GPT-4o-mini', 'Claude']);
    expect(withTeacherModel(file, 'GPT-4o')).toBe(file);
  });

  it('names a new data set after the common folder, else the first file', () => {
    expect(suggestDatasetName(['annotated/GPT-4o/a.jsonl', 'annotated/Qwen/b.jsonl'])).toBe('annotated');
    expect(suggestDatasetName(['GPT-4o/a.jsonl', 'GPT-4o/b.jsonl'])).toBe('GPT-4o');
    expect(suggestDatasetName(['GPT-4o/a.jsonl', 'Qwen/b.jsonl'])).toBe('a +1');
    expect(suggestDatasetName(['topic_1.jsonl'])).toBe('topic_1');
    expect(suggestDatasetName([])).toBe('');
  });
});
