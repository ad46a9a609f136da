import type { DraftMetric, MetricScore } from '../../../../shared/synthesis/types';
import type { SynthesisAnswer, SynthesisTestItem } from '../../../../shared/synthesis/synthesis-job';

export function metric(id: string, overrides: Partial<DraftMetric> = {}): DraftMetric {
  return {
    id,
    name: { zh: `${id} 名`, en: `${id} name` },
    dimension: id.split('-')[0],
    weight: 0.25,
    description: { zh: `${id} 描述`, en: `${id} description` },
    positiveExample: { zh: `${id} 正例`, en: `${id} positive` },
    negativeExample: { zh: `${id} 反例`, en: `${id} negative` },
    ...overrides,
  };
}

export const item = (id: string, text = `question ${id}`): SynthesisTestItem => ({ id, text });
export const answer = (id: string, itemId: string, text = `answer ${id}`): SynthesisAnswer => ({ id, itemId, text });
export const score = (answerId: string, metricId: string, value: number, rationale?: string): MetricScore => ({ answer: answerId, metric: metricId, score: value, ...(rationale === undefined ? {} : { rationale }) });
