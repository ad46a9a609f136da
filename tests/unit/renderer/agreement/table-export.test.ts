/**
 * The agreement table as CSV and Markdown. The report is built by hand (not computed), so the
 * expected text follows from the rows written here and the formatting rules alone.
 */
import { describe, expect, it } from 'vitest';
import type { LayerAgreementReport, LayerAgreementRow } from '../../../../shared/agreement/review-layers';
import { noMissing } from '../../../../shared/agreement/review-layers';
import { formatCoefficient, formatInterval, formatPercent } from '../../../../renderer/src/stores/agreement/format';
import { agreementCsv, agreementMarkdown, type TableWords } from '../../../../renderer/src/stores/agreement/table-export';

function row(overrides: Partial<LayerAgreementRow>): LayerAgreementRow {
  return {
    key: 'intent',
    fieldId: 'intent',
    code: null,
    fieldType: 'single',
    categories: ['a', 'b'],
    weights: 'none',
    items: 3,
    missing: 1,
    missingLlm: { ...noMissing(), 'not-in-codebook': 1 },
    missingExpert: noMissing(),
    excluded: 2,
    unsure: 0,
    unreviewed: 4,
    agreeing: 2,
    accuracy: 2 / 3,
    kappa: { field: 'intent', coefficient: 'cohen', weights: 'none', level: null, value: 0.25, se: 0.5, ci95: [-0.73, 1.23], items: 3, raters: 2, missing: 1, reason: null, ciReason: null },
    band: { en: 'fair', zh: '一般一致' },
    confusion: [[1, 1], [0, 1]],
    cellTurns: [[Int32Array.of(0), Int32Array.of(1)], [Int32Array.of(), Int32Array.of(2)]],
    ...overrides,
  };
}

const undefinedKappa = row({
  key: 'cogn',
  fieldId: 'cogn',
  items: 0,
  agreeing: 0,
  accuracy: null,
  missing: 0,
  missingLlm: noMissing(),
  kappa: { field: 'cogn', coefficient: 'cohen', weights: 'none', level: null, value: null, se: null, ci95: null, items: 0, raters: 2, missing: 0, reason: 'Only 0 items, "rated"; needs two.', ciReason: null },
  band: null,
});

const report: LayerAgreementReport = { turnIds: ['t1', 't2', 't3'], groups: [{ group: 'all', reviewedTurns: 5, turns: 9, rows: [row({}), undefinedKappa] }, { group: 'GPT|4o', reviewedTurns: 5, turns: 9, rows: [row({})] }] };

const words: TableWords = {
  rowName: (r) => (r.fieldId === 'intent' ? 'Teacher intent' : 'Cognition'),
  groupName: (group) => (group === 'all' ? 'All' : group),
  weightName: (weights) => weights,
  band: (r) => r.band?.en ?? '—',
  kappa: (r) => (r.kappa.value === null ? '—' : `${formatCoefficient(r.kappa.value)} (${r.weights})`),
  interval: (r) => formatInterval(r.kappa.ci95),
  headers: { field: 'Field', n: 'n', missing: 'Missing', excluded: 'Not applicable', accuracy: 'Percent agreement', kappa: 'κ', ci: '95% CI', band: 'Band' },
};

describe('number formats', () => {
  it('writes percentages to one decimal, coefficients to three with a minus sign, and undefined as a dash', () => {
    expect(formatPercent(2 / 3)).toBe('66.7%');
    expect(formatPercent(null)).toBe('—');
    expect(formatCoefficient(-0.5)).toBe('−0.500');
    expect(formatCoefficient(7 / 11)).toBe('0.636');
    expect(formatInterval([-0.73, 0.95])).toBe('[−0.730, 0.950]');
    // kappa cannot pass ±1: a Wald bound beyond it is shown truncated
    expect(formatInterval([-1.2, 1.23])).toBe('[−1.000, 1.000]');
    expect(formatInterval(null)).toBe('—');
  });
});

describe('agreementCsv', () => {
  it('has one row per group and field, full precision, empty cells for undefined values, quoted reasons', () => {
    const lines = agreementCsv(report).trimEnd().split('\r\n');
    expect(lines[0]).toBe('group,field,code,items,agreeing,missing,missing_llm,missing_expert,excluded,unsure,unreviewed,accuracy,kappa,weights,se,ci95_low,ci95_high,band_en,band_zh,reason,ci_reason');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(`all,intent,,3,2,1,1,0,2,0,4,${2 / 3},0.25,none,0.5,-0.73,1.23,fair,一般一致,,`);
    expect(lines[2]).toBe('all,cogn,,0,0,0,0,0,2,0,4,,,none,,,,,,"Only 0 items, ""rated""; needs two.",');
    expect(lines[3].startsWith('GPT|4o,intent,')).toBe(true);
  });
});

describe('agreementCsv and spreadsheets', () => {
  it('keeps a user-typed group name from running as a formula, but leaves negative numbers alone', () => {
    const [, line] = agreementCsv({ ...report, groups: [{ ...report.groups[1], group: '=HYPERLINK("x")' }] }).trimEnd().split('\r\n');
    expect(line.startsWith(`"'=HYPERLINK(""x"")",intent,`)).toBe(true);
    expect(line).toContain(',-0.73,');
  });
});

describe('agreementMarkdown', () => {
  it('writes one table per group with rounded numbers and escaped pipes', () => {
    const markdown = agreementMarkdown(report, words);
    expect(markdown).toBe(
      [
        '### All',
        '',
        '| Field | n | Missing | Not applicable | Percent agreement | κ | 95% CI | Band |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        '| Teacher intent | 3 | 1 | 2 | 66.7% | 0.250 (none) | [−0.730, 1.000] | fair |',
        '| Cognition | 0 | 0 | 2 | — | — | — | — |',
        '',
        '### GPT\\|4o',
        '',
        '| Field | n | Missing | Not applicable | Percent agreement | κ | 95% CI | Band |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        '| Teacher intent | 3 | 1 | 2 | 66.7% | 0.250 (none) | [−0.730, 1.000] | fair |',
        '',
        '95% CI: asymptotic (Wald) interval, truncated to [−1, 1].',
        '',
      ].join('\n'),
    );
  });
});

describe('agreement tables naming the compared raters', () => {
  it('names the missing-count columns after the raters and writes the comparison above the Markdown tables', () => {
    const [header] = agreementCsv(report, ['layer_B', 'expert']).split('\r\n');
    expect(header).toContain(',missing,missing_layer_B,missing_expert,excluded,');
    const markdown = agreementMarkdown(report, { ...words, comparison: 'Annotator|B × Expert (verified)' });
    expect(markdown.startsWith('## Annotator\\|B × Expert (verified)\n\n### All\n')).toBe(true);
  });
});
