import { parseRubricSet, type JudgeResultLine, type RubricSet } from '../../../../shared/judge';

/** A rubric set of the given ids, each on `min`–`max` with the given weights (1 by default). */
export function testRubricSet(ids: readonly string[], options: { min?: number; max?: number; weights?: readonly number[] } = {}): RubricSet {
  const text = (what: string) => ({ zh: `${what}（中）`, en: what });
  return parseRubricSet({
    id: 'test',
    version: '1',
    name: text('Test rubrics'),
    range: { min: options.min ?? 1, max: options.max ?? 5 },
    rubrics: ids.map((id, index) => ({ id, name: text(`Rubric ${id}`), definition: text(`Definition of ${id}`), weight: options.weights?.[index] ?? 1 })),
  }, 'test.json');
}

/** A valid results line scoring the rubrics in order. */
export function line(group: string, dialogue: string, judge: string, sample: number, scores: Record<string, number> | null): JudgeResultLine {
  if (scores === null) return { dialogue, group, judge, sample, status: 'failed', scores: [], reason: 'test failure' };
  return { dialogue, group, judge, sample, status: 'valid', scores: Object.entries(scores).map(([rubric, score]) => ({ rubric, score, rationale: '' })) };
}
