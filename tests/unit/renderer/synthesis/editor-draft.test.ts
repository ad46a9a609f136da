import { describe, expect, it } from 'vitest';
import { changedFields, draftOf, failureMessage, sameDraft, typedInto } from '../../../../renderer/src/features/synthesis/panels/editor-draft';
import { metric } from './fixtures';

describe('the editor’s draft', () => {
  it('gives onEdit only the fields that differ, both languages of each', () => {
    const stored = metric('p-1');
    let draft = draftOf(stored);
    expect(changedFields(stored, draft)).toEqual({});
    draft = typedInto(draft, 'positiveExample', 'en', 'a better example');
    draft = typedInto(draft, 'description', 'zh', '新的描述');
    expect(changedFields(stored, draft)).toEqual({
      description: { zh: '新的描述', en: 'p-1 description' },
      positiveExample: { zh: 'p-1 正例', en: 'a better example' },
    });
  });

  it('types into a copy, leaving the stored metric and the earlier draft as they were', () => {
    const stored = metric('p-1');
    const before = draftOf(stored);
    const after = typedInto(before, 'negativeExample', 'zh', 'x');
    expect(before.negativeExample.zh).toBe('p-1 反例');
    expect(stored.negativeExample.zh).toBe('p-1 反例');
    expect(sameDraft(before, after)).toBe(false);
    expect(sameDraft(before, draftOf(stored))).toBe(true);
    // typing the old text back leaves nothing to save
    expect(changedFields(stored, typedInto(after, 'negativeExample', 'zh', 'p-1 反例'))).toEqual({});
  });

  it('reads the message of a rejected save', () => {
    expect(failureMessage(new Error('p-1: its weight may not change'))).toBe('p-1: its weight may not change');
    expect(failureMessage('offline')).toBe('offline');
  });
});
