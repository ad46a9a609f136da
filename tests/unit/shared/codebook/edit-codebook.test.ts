import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK, applyCodebookEdit, applyCodebookEdits, codebookVersionHash, CodebookEditError, editsBetween, matchLabelCode } from '../../../../shared/codebook';

const field = DEFAULT_CODEBOOK.fields.find((candidate) => candidate.labels.some((label) => label.code === 'check_understanding'))!;
const label = field.labels.find((candidate) => candidate.code === 'check_understanding')!;
const other = field.labels.find((candidate) => candidate.code !== 'check_understanding')!;
const base = codebookVersionHash(DEFAULT_CODEBOOK);

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof CodebookEditError) return error.problems;
    throw error;
  }
  return [];
}

describe('applyCodebookEdit', () => {
  it('changes the hash on each kind of edit and not on a no-op', () => {
    const patches = [
      { name: { zh: label.name.zh + '甲', en: label.name.en } },
      { name: { zh: label.name.zh, en: label.name.en + ' x' } },
      { definition: { zh: '新定义', en: label.definition.en } },
      { example: { zh: label.example.zh, en: 'new example' } },
      { aliases: [...label.aliases, 'brand new alias'] },
    ];
    const hashes = patches.map((patch) => codebookVersionHash(applyCodebookEdit(DEFAULT_CODEBOOK, { kind: 'edit-label', fieldId: field.id, code: label.code, patch })));
    for (const hash of hashes) expect(hash).not.toBe(base);
    expect(new Set(hashes).size).toBe(patches.length);
    const added = applyCodebookEdit(DEFAULT_CODEBOOK, { kind: 'add-label', fieldId: field.id, label: { code: 'new_label', name: { zh: '新', en: 'New' }, aliases: [], definition: { zh: '', en: '' }, example: { zh: '', en: '' } } });
    expect(codebookVersionHash(added)).not.toBe(base);
    const noop = applyCodebookEdit(DEFAULT_CODEBOOK, { kind: 'edit-label', fieldId: field.id, code: label.code, patch: { name: label.name, definition: label.definition, example: label.example, aliases: label.aliases } });
    expect(codebookVersionHash(noop)).toBe(base);
  });

  it('makes a new alias normalize to its label', () => {
    const edited = applyCodebookEdit(DEFAULT_CODEBOOK, { kind: 'edit-label', fieldId: field.id, code: label.code, patch: { aliases: [...label.aliases, 'Comprehension probe'] } });
    expect(matchLabelCode(edited.fields.find((candidate) => candidate.id === field.id)!, 'comprehension probe')).toBe(label.code);
  });

  it('refuses an empty name, an alias of another label and a duplicate code, saying which', () => {
    expect(problemsOf(() => applyCodebookEdit(DEFAULT_CODEBOOK, { kind: 'edit-label', fieldId: field.id, code: label.code, patch: { name: { zh: ' ', en: label.name.en } } }))).toEqual([
      `${field.id} / ${label.code}: the Chinese name is empty`,
    ]);
    expect(problemsOf(() => applyCodebookEdit(DEFAULT_CODEBOOK, { kind: 'edit-label', fieldId: field.id, code: label.code, patch: { aliases: [other.name.en] } }))).toEqual([
      `${field.id} / ${label.code}: "${other.name.en}" already names the label "${other.code}" of this field`,
    ]);
    const dup = { code: other.code, name: { zh: '重复', en: 'Dup' }, aliases: [], definition: { zh: '', en: '' }, example: { zh: '', en: '' } };
    expect(problemsOf(() => applyCodebookEdit(DEFAULT_CODEBOOK, { kind: 'add-label', fieldId: field.id, label: dup }))).toContain(`${field.id} / ${other.code}: the code "${other.code}" is used twice in this field`);
  });
});

describe('editsBetween and applyCodebookEdits (the editor’s draft)', () => {
  const withField = (labels: typeof field.labels) => ({ ...DEFAULT_CODEBOOK, fields: DEFAULT_CODEBOOK.fields.map((candidate) => (candidate.id === field.id ? { ...candidate, labels } : candidate)) });

  it('turns a draft into one edit per changed label and one per added label, and applies them trimmed', () => {
    const added = { code: ' ask_for_evidence ', name: { zh: '索要证据', en: 'Ask for evidence ' }, aliases: [' evidence please '], definition: { zh: '', en: 'Asks what supports a claim.' }, example: { zh: '', en: '' } };
    const draft = withField([...field.labels.map((entry) => (entry.code === label.code ? { ...entry, definition: { ...entry.definition, en: ' New words ' } } : entry)), added]);
    const { edits, problems } = editsBetween(DEFAULT_CODEBOOK, draft);
    expect(problems).toEqual([]);
    expect(edits).toEqual([
      { kind: 'edit-label', fieldId: field.id, code: label.code, patch: { definition: { zh: label.definition.zh, en: ' New words ' } } },
      { kind: 'add-label', fieldId: field.id, label: added },
    ]);
    const result = applyCodebookEdits(DEFAULT_CODEBOOK, edits);
    expect(result.problems).toEqual([]);
    const labels = result.codebook.fields.find((candidate) => candidate.id === field.id)!.labels;
    expect(labels.find((entry) => entry.code === label.code)!.definition.en).toBe('New words');
    expect(labels[labels.length - 1]).toMatchObject({ code: 'ask_for_evidence', name: { en: 'Ask for evidence' }, aliases: ['evidence please'] });
    expect(editsBetween(DEFAULT_CODEBOOK, DEFAULT_CODEBOOK)).toEqual({ edits: [], problems: [] });
  });

  it('says when a draft removed a label or changed a code, and gives every problem of the result at once', () => {
    expect(editsBetween(DEFAULT_CODEBOOK, withField(field.labels.slice(1))).problems.length).toBeGreaterThan(0);
    expect(editsBetween(DEFAULT_CODEBOOK, withField(field.labels.map((entry, index) => (index === 0 ? { ...entry, code: 'renamed' } : entry)))).problems).toContain(
      `${field.id} / ${field.labels[0].code}: the label was removed or its code changed; codes of existing labels are fixed`,
    );
    const result = applyCodebookEdits(DEFAULT_CODEBOOK, [
      { kind: 'edit-label', fieldId: field.id, code: label.code, patch: { name: { zh: '', en: '' } } },
      { kind: 'add-label', fieldId: field.id, label: { code: other.code, name: { zh: '甲', en: 'A' }, aliases: [], definition: { zh: '', en: '' }, example: { zh: '', en: '' } } },
      { kind: 'edit-label', fieldId: 'no_such_field', code: 'x', patch: {} },
    ]);
    expect(result.problems).toEqual([
      'The codebook has no field "no_such_field".',
      `${field.id} / ${label.code}: the Chinese name is empty`,
      `${field.id} / ${label.code}: the English name is empty`,
      `${field.id} / ${other.code}: the code "${other.code}" is used twice in this field`,
    ]);
  });
});
