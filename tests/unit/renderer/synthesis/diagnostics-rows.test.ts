import { describe, expect, it } from 'vitest';
import { DIAGNOSTICS_CSV_COLUMNS, diagnosticRows, diagnosticsCsv } from '../../../../renderer/src/features/synthesis/panels/diagnostics-rows';
import { diagnostic, metric, payload } from './fixtures';

const round = payload(1, ['fine', 'weak'], {
  metrics: [metric('p-1', { name: { zh: '个性化, "提问"', en: '=Personal' }, weight: 0.15 }), metric('p-2')],
  rubricSet: {
    id: 'spec',
    version: '1+r1',
    name: { zh: '规', en: 'spec' },
    description: { zh: '', en: '' },
    rubrics: [{ id: 'p-1', name: { zh: 'x', en: 'x' }, dimension: { zh: '个性化', en: 'Personalization' }, weight: 0.15, definition: { zh: '', en: '' }, range: { min: 1, max: 5 }, anchors: [], positiveExamples: [], negativeExamples: [] }],
  },
  diagnostics: [diagnostic('p-1', 'fine', { discrimination: { acrossAnswers: 1.25, betweenGroups: 0.4 } }), diagnostic('p-2', 'weak')],
});

describe('diagnosticRows', () => {
  it('joins each diagnostic with its metric’s names, weight, dimension name and lock', () => {
    const rows = diagnosticRows(round, ['p-2']);
    expect(rows.map((row) => [row.id, row.weight, row.dimensionId, row.dimensionName?.en ?? null, row.locked])).toEqual([
      ['p-1', 0.15, 'p', 'Personalization', false],
      ['p-2', 0.25, 'p', null, true],
    ]);
  });
});

describe('diagnosticsCsv', () => {
  it('writes both languages’ names, quotes commas and quotes, defuses formulas, and marks the lock', () => {
    const csv = diagnosticsCsv(1, diagnosticRows(round, ['p-2']));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(DIAGNOSTICS_CSV_COLUMNS.join(','));
    expect(lines[1]).toBe("1,p-1,\"个性化, \"\"提问\"\"\",'=Personal,p,0.15,6,6,3,1,0.1,0.1,1.25,0.4,fine,as given,no,0.5,0.5,0.5");
    expect(lines[2].split(',').slice(13, 17)).toEqual(['', 'weak', 'as given', 'yes']);
    expect(lines).toHaveLength(3);
  });
});
