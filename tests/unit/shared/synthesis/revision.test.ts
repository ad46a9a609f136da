import { describe, expect, it } from 'vitest';
import { expertEdit, revisionDiff, revisionProblems } from '../../../../shared/synthesis';
import { metric } from './support';

const BEFORE = [metric('PER-1', 'PER', 0.3), metric('TMP-1', 'TMP', 0.7)];

describe('revision rules', () => {
  it('accepts new descriptions and examples, and diffs them per metric and field', () => {
    const after = [{ ...BEFORE[0], description: { en: 'sharper', zh: '更清楚' }, negativeExample: { ...BEFORE[0].negativeExample, en: 'worse' } }, BEFORE[1]];
    expect(revisionProblems(BEFORE, after)).toEqual([]);
    expect(revisionDiff(BEFORE, after)).toEqual({
      changes: [
        { metric: 'PER-1', field: 'description', before: BEFORE[0].description, after: { en: 'sharper', zh: '更清楚' } },
        { metric: 'PER-1', field: 'negativeExample', before: BEFORE[0].negativeExample, after: { en: 'worse', zh: BEFORE[0].negativeExample.zh } },
      ],
      added: [],
      removed: [],
    });
  });

  it('refuses a changed name, dimension or weight, every one at once', () => {
    const after = [{ ...BEFORE[0], name: { en: 'other', zh: '其他' }, dimension: 'TMP', weight: 0.31 }, BEFORE[1]];
    expect(revisionProblems(BEFORE, after)).toEqual([
      'PER-1: its name may not change (only description, positiveExample, negativeExample may)',
      'PER-1: its dimension may not change (only description, positiveExample, negativeExample may)',
      'PER-1: its weight may not change (only description, positiveExample, negativeExample may)',
    ]);
  });

  it('refuses metrics added or removed, and any change to a locked metric', () => {
    expect(revisionProblems(BEFORE, [BEFORE[0], metric('NEW-1', 'TMP', 0.7)])).toEqual(['NEW-1: a metric may not be added in a revision', 'TMP-1: a metric may not be removed in a revision']);
    const edited = [BEFORE[0], { ...BEFORE[1], positiveExample: { en: 'x', zh: 'y' } }];
    expect(revisionProblems(BEFORE, edited, ['TMP-1'])).toEqual(['TMP-1: is locked; its positiveExample may not change']);
    expect(revisionProblems(BEFORE, edited, ['PER-1'])).toEqual([]);
  });
});

describe('educator edits between rounds', () => {
  it('records who changed what, and holds educators to the same fixed fields', () => {
    const after = [BEFORE[0], { ...BEFORE[1], description: { en: 'clearer', zh: '更清楚' } }];
    expect(expertEdit(BEFORE, after, ' Li ')).toEqual({ ok: true, edit: { by: 'Li', changes: [{ metric: 'TMP-1', field: 'description', before: BEFORE[1].description, after: after[1].description }] } });
    expect(expertEdit(BEFORE, [BEFORE[0], { ...BEFORE[1], weight: 0.5 }], 'Li')).toEqual({ ok: false, problems: ['TMP-1: its weight may not change (only description, positiveExample, negativeExample may)'] });
    expect(expertEdit(BEFORE, after, '')).toEqual({ ok: false, problems: ['an edit names who made it'] });
  });
});
