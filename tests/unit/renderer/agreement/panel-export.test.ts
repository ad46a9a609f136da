/**
 * The all-layers tables as files, and the choice of pooled layers. Values in the expected
 * Markdown are worked by hand from Randolph (2005) Ex. 1 (Fleiss' κ 1/3; pairs κ 1, 0, 0).
 */
import { describe, expect, it } from 'vitest';
import { layerPanelAgreement, type LayerPanelInput } from '../../../../shared/agreement/layer-panel';
import { EXPERT_SOURCE, PRE_SOURCE, raterKey, type ReviewLayerTurn } from '../../../../shared/agreement/review-layers';
import type { Codebook } from '../../../../shared/codebook/types';
import { panelCsv, panelMarkdown, type PanelWords } from '../../../../renderer/src/stores/agreement/panel-export';
import { availablePanel, raterChoices, raterSource, raterSourceKey } from '../../../../renderer/src/stores/agreement/rater-choice';

const text = { zh: 'yn', en: 'yn' };
const codebook: Codebook = {
  id: 't',
  name: text,
  version: '1',
  fields: [{ id: 'yn', name: text, type: 'single', appliesTo: 'all', openVocabulary: false, description: text, labels: ['Y', 'N'].map((code) => ({ code, name: { zh: code, en: code }, aliases: [], definition: text, example: text })) }],
};
const ok = (code: string) => ({ raw: code, codes: [code], unknown: [], status: 'ok' as const });
const items = [
  ['Y', 'Y', 'Y'],
  ['Y', 'Y', 'N'],
  ['N', 'N', 'Y'],
  ['N', 'N', 'N'],
];
const turns: ReviewLayerTurn[] = items.map(([pre], index) => ({ id: `T${index}`, speaker: 'teacher', pre: { yn: ok(pre) } }));
const input = {
  codebook,
  turns,
  fieldReviews: items.map(([, expert], index) => ({ turnId: `T${index}`, fieldId: 'yn', decision: 'accepted', codes: [expert] })),
  sources: [PRE_SOURCE, EXPERT_SOURCE, { kind: 'layer', id: 'b|x', values: Object.fromEntries(items.map(([, , layer], index) => [`T${index}`, { yn: ok(layer) }])) }],
  panel: ['llm', 'expert', 'layer:b|x'],
  // four items, fewer than the view's 10: the formats are read with minItems 2 (the default is read below)
  minItems: 2,
} satisfies LayerPanelInput;
const report = layerPanelAgreement(input);
const words: PanelWords = {
  rowName: (row) => row.key,
  groupName: (group) => (group === 'all' ? 'All' : group),
  sourceName: (key) => ({ llm: 'LLM', expert: 'Expert', 'layer:b|x': '=Wang|B' })[key] ?? key,
  headers: { field: 'Field', fleiss: "Fleiss' κ", alpha: 'α' },
  coefficient: (result) => (result.value === null ? '—' : String(result.value)),
};

describe('all-layers tables', () => {
  it('writes Markdown with one column per pair and the panel coefficients, names escaped', () => {
    expect(panelMarkdown(report, words)).toBe(
      [
        '### All',
        '',
        "| Field | κ LLM × Expert | κ LLM × =Wang\\|B | κ Expert × =Wang\\|B | Fleiss' κ (LLM + Expert + =Wang\\|B) | α (LLM + Expert + =Wang\\|B) |",
        '| --- | ---: | ---: | ---: | ---: | ---: |',
        '| yn | 1.000 (n=4) | 0.000 (n=4) | 0.000 (n=4) | 0.333 (n=4) | 0.389 (n=4) |',
        '',
      ].join('\n'),
    );
  });

  it('writes CSV in long form: pairs, Fleiss, alpha, then Fleiss per category', () => {
    const lines = panelCsv(report, words).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 3 + 2 + 2);
    expect(lines[1].startsWith('all,yn,,cohen,LLM × Expert,4,,0,0,4,1,1,none,')).toBe(true);
    expect(lines[2].startsWith('all,yn,,cohen,LLM × =Wang|B,4,,0,0,2,0.5,0,none,')).toBe(true);
    expect(lines[4].startsWith("all,yn,,fleiss,LLM + Expert + =Wang|B,4,0,0,0,,,0.333333")).toBe(true);
    expect(lines[6].startsWith('all,yn,,fleiss:Y,')).toBe(true);
  });
});

describe('all-layers tables under the view’s minimum of items', () => {
  it('write no coefficient on four items: the words for it in Markdown, the reason in the CSV', () => {
    const shown = layerPanelAgreement({ ...input, minItems: undefined });
    expect(panelMarkdown(shown, { ...words, coefficient: () => 'too few' })).toContain('| yn | too few | too few | too few | too few | too few |');
    const lines = panelCsv(shown, words).trimEnd().split('\r\n');
    expect(lines[0].endsWith(',reason,ci_reason')).toBe(true);
    expect(lines[1]).toBe('all,yn,,cohen,LLM × Expert,4,,0,0,4,1,,none,,,,,,,"Too few items (n = 4, at least 10 needed): a coefficient on so few items is not given.",');
  });
});

describe('pooled layers', () => {
  const layers = [
    { id: 'h', name: 'Human', kind: 'human' as const },
    { id: 'm', name: 'Model', kind: 'llm' as const },
  ];
  it('defaults to the expert and the human layers, and drops a layer the data set no longer has', () => {
    expect(availablePanel(null, layers)).toEqual(['expert', 'layer:h']);
    expect(availablePanel(['pre', 'layer:gone', 'layer:m'], layers)).toEqual(['pre', 'layer:m']);
  });
  it("keys each choice as the report keys its source", () => {
    const valuesOf = new Map([
      ['h', {}],
      ['m', {}],
    ]);
    for (const choice of raterChoices(layers)) expect(raterSourceKey(choice)).toBe(raterKey(raterSource(choice, valuesOf)));
  });
});
