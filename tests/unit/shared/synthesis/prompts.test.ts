import { describe, expect, it } from 'vitest';
import { draftAnswerSchema, draftMessages, metricDiagnostics, readDraftAnswer, readRevisionAnswer, readTestItemsAnswer, reviseMessages, testItemMessages, type SynthesisSpec } from '../../../../shared/synthesis';
import { templateSpec } from './support';

const t = (en: string) => ({ en, zh: `中 ${en}` });
const entry = (dimension: string, name: string, weight: number) => ({ dimension, name: t(name), weight, description: t(`d ${name}`), positive_example: t(`+ ${name}`), negative_example: t(`- ${name}`) });

/** The template with two dimensions and two metrics each, so answers stay short. */
function smallSpec(): SynthesisSpec {
  const spec = templateSpec();
  return { ...spec, dimensions: [{ ...spec.dimensions[0], weight: 0.3 }, { ...spec.dimensions[1], weight: 0.7 }], metricCount: { perDimension: 2 } };
}

const GOOD = JSON.stringify({ metrics: [entry('PER', 'a', 1), entry('TMP', 'c', 1), entry('PER', 'b', 2), entry('TMP', 'd', 3)] });

describe('draft prompt and answer', () => {
  it('fills every variable, in both languages', () => {
    for (const language of ['zh', 'en'] as const) {
      const text = draftMessages(templateSpec(), language).map((message) => message.content).join('\n');
      expect(text).not.toContain('{{');
      expect(text).toContain(templateSpec().scenario[language]);
      expect(text).toContain(`TMP: ${templateSpec().dimensions[1].name[language]} (0.4)`);
    }
    expect(draftMessages(templateSpec(), 'en')[1].content).toContain('3 metric(s) per dimension');
    expect(testItemMessages(templateSpec(), 'en')[1].content).toContain('Write 20 different test items');
  });

  it('gives ids per dimension and splits each dimension\'s weight by the relative weights', () => {
    const read = readDraftAnswer(`\`\`\`json\n${GOOD}\n\`\`\``, smallSpec());
    if (!read.ok) throw new Error(read.problems.join('\n'));
    expect(read.value.map((m) => [m.id, m.name.en, m.dimension])).toEqual([['PER-1', 'a', 'PER'], ['PER-2', 'b', 'PER'], ['TMP-1', 'c', 'TMP'], ['TMP-2', 'd', 'TMP']]);
    // PER 0.3 split 1:2 → 0.1, 0.2; TMP 0.7 split 1:3 → 0.175, 0.525
    const weights = read.value.map((m) => m.weight);
    [0.1, 0.2, 0.175, 0.525].forEach((expected, index) => expect(weights[index]).toBeCloseTo(expected, 12));
    expect(read.value[0]).toMatchObject({ description: t('d a'), positiveExample: t('+ a'), negativeExample: t('- a') });
  });

  it('lists every problem of a bad answer at once', () => {
    const bad = { metrics: [entry('PER', 'a', 1), { ...entry('XX', 'a', 0), extra: 1 }, { ...entry('TMP', 'c', 1), name: { en: 'c' } }] };
    const read = readDraftAnswer(JSON.stringify(bad), smallSpec());
    expect(read.ok ? [] : read.problems).toEqual([
      '$.metrics[1].extra: is not a known key (known: dimension, name, weight, description, positive_example, negative_example)',
      '$.metrics[1].dimension: must be one of PER, TMP',
      '$.metrics[1].weight: must be a number above 0',
      '$.metrics[2].name.zh: must be a non-empty string',
      '$.metrics: 1 metric(s) for PER, 2 asked',
      '$.metrics: 1 metric(s) for TMP, 2 asked',
      '$.metrics: the name "a" (en) is given twice',
      '$.metrics: the name "中 a" (zh) is given twice',
    ]);
    expect(readDraftAnswer('not json', smallSpec())).toEqual({ ok: false, problems: ['$: the answer is not one JSON object'] });
  });

  it('ties the schema\'s dimensions to the spec', () => {
    expect(JSON.stringify(draftAnswerSchema(smallSpec()))).toContain('"enum":["PER","TMP"]');
  });
});

describe('test items', () => {
  it('reads the asked number of distinct items', () => {
    const spec = { ...smallSpec(), testItems: 2 };
    expect(readTestItemsAnswer('{"items": ["q1", " q2 "]}', spec)).toEqual({ ok: true, value: [{ id: 'T1', text: 'q1' }, { id: 'T2', text: 'q2' }] });
    expect(readTestItemsAnswer('{"items": ["q1", "q1", ""]}', spec)).toEqual({ ok: false, problems: ['$.items[2]: must be a non-empty string', '$.items: 3 item(s), 2 asked', '$.items[1]: repeats item 0'] });
  });
});

describe('revision prompt and answer', () => {
  const read = readDraftAnswer(GOOD, smallSpec());
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const before = read.value;
  const revision = (extra: Record<string, unknown> = {}, metric = 'PER-2') => JSON.stringify({ revisions: [{ metric, description: t('sharper'), positive_example: t('+'), negative_example: t('-'), ...extra }] });

  it('shows the evidence of the metrics to revise', () => {
    const scores = ['a1', 'a2'].flatMap((answer) => before.map((m) => ({ answer, metric: m.id, score: 1 })));
    const text = reviseMessages(smallSpec(), before, metricDiagnostics(before.map((m) => m.id), scores, { min: 1, max: 5 }), ['PER-2'], 'en')[1].content;
    expect(text).toContain('- PER-2 b — too-strict: mean 1.00, SD 0.00, floor 100%, ceiling 0%');
    expect(text).not.toContain('- PER-1 a — ');
    expect(text).not.toContain('{{');
  });

  it('applies descriptions and examples, with the diff', () => {
    const result = readRevisionAnswer(revision(), before, ['PER-2']);
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.value.metrics[1]).toEqual({ ...before[1], description: t('sharper'), positiveExample: t('+'), negativeExample: t('-') });
    expect(result.value.diff.changes.map((change) => `${change.metric}.${change.field}`)).toEqual(['PER-2.description', 'PER-2.positiveExample', 'PER-2.negativeExample']);
  });

  it('refuses a renamed or reweighted metric, one not asked for, and a locked one', () => {
    expect(readRevisionAnswer(revision({ name: t('renamed'), weight: 0.5 }), before, ['PER-2'])).toEqual({ ok: false, problems: [
      'PER-2: its name may not change (only description, positiveExample, negativeExample may)',
      'PER-2: its weight may not change (only description, positiveExample, negativeExample may)',
    ] });
    expect(readRevisionAnswer(revision({}, 'TMP-1'), before, ['PER-2'])).toEqual({ ok: false, problems: ['$.revisions[0].metric: TMP-1 was not asked to be revised'] });
    expect(readRevisionAnswer(revision({}, 'TMP-1'), before, ['PER-2'], ['TMP-1'])).toMatchObject({ ok: false, problems: expect.arrayContaining(['TMP-1: is locked; its description may not change']) });
  });
});
