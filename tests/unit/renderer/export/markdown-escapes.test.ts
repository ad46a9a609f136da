/**
 * Every Markdown export writes untrusted names (teacher models, groups, layer names) as text:
 * a viewer must never see HTML, a code span or a link in them.
 */
import { describe, expect, it } from 'vitest';
import { markdownCell } from '../../../../shared/export/markdown-cell';
import { SCORE_KEYS } from '../../../../shared/metrics/definitions';
import { DEFAULT_SETTINGS, type GroupScore } from '../../../../shared/metrics/metrics-report';
import { metricsMarkdown } from '../../../../shared/metrics';
import { agreementMarkdown, type TableWords } from '../../../../renderer/src/stores/agreement/table-export';
import { panelMarkdown, type PanelWords } from '../../../../renderer/src/stores/agreement/panel-export';
import type { LayerAgreementReport } from '../../../../shared/agreement/review-layers';
import type { LayerPanelReport } from '../../../../shared/agreement/layer-panel';

const HOSTILE = '<img src=x onerror=alert(1)> & `rm` ![t](http://evil/p.png) a|b\nc';
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt; &amp; \\`rm\\` ![t\\](http://evil/p.png) a\\|b c';

/** No raw tag, no unescaped backtick, no `](` that would make a link or an image. */
function expectInert(markdown: string): void {
  expect(markdown).not.toMatch(/<[a-z/!]/i);
  expect(markdown).not.toMatch(/(^|[^\\])`/);
  expect(markdown).not.toMatch(/(^|[^\\])\]\(/);
}

describe('markdownCell', () => {
  it('turns HTML, code spans, links and table breaks in a name into plain text', () => {
    expect(markdownCell(HOSTILE)).toBe(ESCAPED);
    expectInert(markdownCell(HOSTILE));
  });

  it('leaves ordinary names, Chinese and brackets that open no link as they are', () => {
    expect(markdownCell('GPT-4o 教师 [95% CI]')).toBe('GPT-4o 教师 [95% CI]');
    expect(markdownCell('a\\b')).toBe('a\\\\b');
  });
});

describe('the Markdown writers escape every name', () => {
  it('Table II (metrics) escapes group names and the title', () => {
    const group = {
      group: HOSTILE,
      dialogues: 1,
      means: Object.fromEntries(SCORE_KEYS.map((key) => [key, 0.5])),
      n: Object.fromEntries(SCORE_KEYS.map((key) => [key, 1])),
      ci95: Object.fromEntries(SCORE_KEYS.map((key) => [key, null])),
      vacuous3C: 0,
      withUnknownLabels: 0,
      withoutLabels: 0,
    } as GroupScore;
    const markdown = metricsMarkdown({ settings: DEFAULT_SETTINGS, dialogues: [], groups: [group], overall: group }, { title: HOSTILE });
    expect(markdown).toContain(ESCAPED);
    expectInert(markdown);
  });

  it('the agreement table escapes the comparison, group and row names', () => {
    const report = { turnIds: [], groups: [{ group: HOSTILE, reviewedTurns: 0, rows: [] }] } as unknown as LayerAgreementReport;
    const words = {
      rowName: () => HOSTILE,
      groupName: (group: string) => group,
      weightName: (weights: string) => weights,
      band: () => '—',
      kappa: () => '—',
      interval: () => '—',
      comparison: HOSTILE,
      headers: { field: 'Field', n: 'n', missing: 'Missing', excluded: 'Not applicable', accuracy: 'Percent agreement', kappa: 'κ', ci: '95% CI', band: 'Band' },
    } as TableWords;
    const markdown = agreementMarkdown(report, words);
    expect(markdown).toContain(`## ${ESCAPED}`);
    expect(markdown).toContain(`### ${ESCAPED}`);
    expectInert(markdown);
  });

  it('the all-layers table escapes layer names in the column heads', () => {
    const report = {
      panel: ['llm', 'layer:x'],
      groups: [{ group: 'all', rows: [{ key: 'yn', pairs: [{ a: 'llm', b: 'layer:x', kappa: { value: null, items: 0 } }], panel: null }] }],
    } as unknown as LayerPanelReport;
    const words: PanelWords = { rowName: () => HOSTILE, groupName: () => HOSTILE, sourceName: (key) => (key === 'llm' ? 'LLM' : HOSTILE), headers: { field: 'Field', fleiss: "Fleiss' κ", alpha: 'α' }, coefficient: () => '—' };
    const markdown = panelMarkdown(report, words);
    expect(markdown).toContain(ESCAPED);
    expectInert(markdown);
  });
});
