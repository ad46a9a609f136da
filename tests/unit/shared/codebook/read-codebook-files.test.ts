import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodebookImportError, readCodebookFiles } from '../../../../shared/codebook/read-codebook-files';

const FIXTURES = join(__dirname, '../../../e2e/fixtures');
const codebookFile = { name: 'sid-student-bloom.json', text: readFileSync(join(FIXTURES, 'sid-student-bloom.json'), 'utf8') };
const rulesFile = { name: 'sid-student-bloom.rules.json', text: readFileSync(join(FIXTURES, 'sid-student-bloom.rules.json'), 'utf8') };

function refusal(run: () => unknown): CodebookImportError {
  try {
    run();
  } catch (error) {
    if (error instanceof CodebookImportError) return error;
    throw error;
  }
  throw new Error('expected a CodebookImportError');
}

describe('readCodebookFiles', () => {
  it('parses the fixture codebook with its own rules, checked against it', () => {
    const { codebook, rules, rulesFile: read } = readCodebookFiles(codebookFile, rulesFile);
    expect(codebook.id).toBe('sid-student-bloom');
    expect(codebook.fields.find((field) => field.id === 'cognitive_level')?.appliesTo).toBe('student');
    expect(rules.codebookId).toBe('sid-student-bloom');
    expect(rules.rules.map((rule) => rule.id)).toEqual(['value-on-inapplicable-field', 'bloom-on-inapplicable-turn', 'label-outside-codebook']);
    expect(read).toBe('sid-student-bloom.rules.json');
  });

  it('gives a codebook without a rules file no rules', () => {
    const { rules, rulesFile: read } = readCodebookFiles(codebookFile, null);
    expect(rules).toEqual({ codebookId: 'sid-student-bloom', rules: [] });
    expect(read).toBeNull();
  });

  it('names the codebook file, the JSON path and the problem of a broken codebook', () => {
    const broken = JSON.parse(codebookFile.text);
    broken.fields[8].appliesTo = 'students';
    delete broken.fields[2].name;
    const error = refusal(() => readCodebookFiles({ name: 'broken.json', text: JSON.stringify(broken) }, rulesFile));
    expect(error.file).toBe('broken.json');
    expect(error.problems).toEqual(['fields[2].name must be an object {"zh": "…", "en": "…"}', 'fields[8].appliesTo must be one of all, teacher, student']);
  });

  it('names the line of a file that is not JSON', () => {
    const error = refusal(() => readCodebookFiles({ name: 'cut.json', text: '{\n  "id": "x",\n  "fields": [\n' }, null));
    expect(error.file).toBe('cut.json');
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(/^\$ \(line \d+\): not valid JSON: /);
  });

  it('names the rules file and the path when its rules do not fit the codebook', () => {
    const rules = JSON.parse(rulesFile.text);
    rules.rules[1].fields = ['bloom_level'];
    const error = refusal(() => readCodebookFiles(codebookFile, { name: 'sid-student-bloom.rules.json', text: JSON.stringify(rules) }));
    expect(error.file).toBe('sid-student-bloom.rules.json');
    expect(error.problems).toEqual(['$.rules[1].fields: the codebook has no field "bloom_level"']);
  });

  it('refuses rules written for another codebook', () => {
    const rules = JSON.parse(rulesFile.text);
    rules.codebookId = 'sid-default';
    const error = refusal(() => readCodebookFiles(codebookFile, { name: 'x.rules.json', text: JSON.stringify(rules) }));
    expect(error.problems).toEqual(['$.codebookId: the rules are for codebook "sid-default", not "sid-student-bloom"']);
  });
});
