/**
 * The rows LLM jobs and metrics runs leave: pre-annotation jobs and their stored calls, prompt
 * template versions, metrics runs and their per-dialogue scores. The rules are the ones
 * llm-jobs.ts, prompt-templates.ts and metric-runs.ts write by (a prompt version is the
 * template checkPromptTemplate passes, under the hash templateRef gives it).
 */
import type { TokenCounts } from '../../../../../shared/jobs';
import { checkPromptTemplate, templateRef, type PromptTemplateRef } from '../../../../../shared/llm/prompt-template';
import type { StoredCall } from '../../../../../shared/llm/pre-annotation-job';
import { METRIC_IDS, SCORE_KEYS } from '../../../../../shared/metrics/definitions';
import type { DialogueCounts } from '../../../../../shared/metrics/dialogue-metrics';
import type { GroupScore, MetricsSettings } from '../../../../../shared/metrics/metrics-report';
import type { LlmCallsRow, LlmJobLayer, LlmJobRow } from '../../../../../shared/model/llm-job';
import type { MetricLayer, MetricRunRow, MetricRunScoresRow, ScoredDialogue } from '../../../../../shared/model/metric-run';
import type { PromptTemplateRow } from '../../../../../shared/model/prompt-template';
import { bool, both, count, fail, integer, isoTime, list, nullable, number, oneOf, optional, recordOf, refusedBy, shape, text, texts, variant, type Check } from './check';

const id = text();

export const tokenCounts = shape<TokenCounts>({ input: count, output: count });
export const templateRefShape = shape<PromptTemplateRef>({ id, version: text(), hash: text() });

export const storedCall = shape<StoredCall>({
  baseURL: text({ empty: true }),
  model: text({ empty: true }),
  parameters: recordOf((value, path) => {
    if (typeof value !== 'number' && typeof value !== 'string') fail(path, 'not-one-of', 'must be a number or text', { allowed: 'number, text' });
  }),
  template: nullable(templateRefShape),
  raw: text({ empty: true }),
  parseStatus: oneOf(['valid', 'invalid', 'no-answer']),
  reasons: texts,
  tokens: tokenCounts,
  latencyMs: number({ min: 0 }),
  attempts: count,
  fromCache: bool,
  // provenance as main recorded it: read for people, never ordered by
  at: text({ empty: true }),
  appVersion: text({ empty: true }),
});

export const llmJobRow = shape<LlmJobRow>({
  codebookHash: optional(text()),
  id,
  datasetId: id,
  title: text({ empty: true }),
  createdAt: isoTime,
  layers: list(shape<LlmJobLayer>({ connectionId: id, connectionName: text({ empty: true }), model: text({ empty: true }), layerId: id })),
});

export const llmCallsRow = both(
  shape<LlmCallsRow>({ id, jobId: id, layerId: id, dialogueId: id, sample: count, calls: list(storedCall), storedAt: isoTime }),
  (value, path) => {
    const row = value as LlmCallsRow;
    const expected = `${row.layerId}|${row.dialogueId}|${row.sample}`;
    if (row.id !== expected) fail(path ? `${path}.id` : 'id', 'wrong-id', `must be "${expected}"`, { expected });
  },
);

export const promptTemplateRow = both(
  shape<PromptTemplateRow>({ key: id, id, version: text(), system: text({ empty: true }), user: text({ empty: true }), hash: text(), createdAt: isoTime, basedOn: id, removedAt: optional(isoTime) }),
  refusedBy((value) => {
    const row = value as PromptTemplateRow;
    if (row.key !== `${row.id}@${row.version}`) throw new Error(`the key must be "${row.id}@${row.version}"`);
    const template = { id: row.id, version: row.version, system: row.system, user: row.user };
    const problems = checkPromptTemplate(template);
    if (problems.length > 0) throw new Error(`the prompt cannot be used: ${problems.join('; ')}`);
    if (templateRef(template).hash !== row.hash) throw new Error('the hash is not the hash of its texts');
  }),
);

const metricRecord = (check: Check) => shape<Record<(typeof METRIC_IDS)[number], unknown>>(Object.fromEntries(METRIC_IDS.map((key) => [key, check])) as never);
const scoreRecord = (check: Check) => shape<Record<(typeof SCORE_KEYS)[number], unknown>>(Object.fromEntries(SCORE_KEYS.map((key) => [key, check])) as never);
const share = nullable(number());

export const metricsSettings = shape<MetricsSettings>({
  weights: metricRecord(number({ min: 0 })),
  threeC: oneOf(['vacuous-one', 'strict']),
  bootstrap: shape<MetricsSettings['bootstrap']>({ resamples: count, seed: integer({ min: Number.MIN_SAFE_INTEGER }) }),
});

const interval: Check = nullable(list(number(), { min: 2, max: 2 }));

const groupScore = shape<GroupScore>({
  group: text({ empty: true }),
  dialogues: count,
  means: scoreRecord(share),
  n: scoreRecord(count),
  ci95: scoreRecord(interval),
  vacuous3C: count,
  withUnknownLabels: count,
  withoutLabels: count,
});

const metricLayer = variant('kind', {
  verified: shape<Extract<MetricLayer, { kind: 'verified' }>>({ kind: oneOf(['verified']) }),
  llm: shape<Extract<MetricLayer, { kind: 'llm' }>>({ kind: oneOf(['llm']) }),
  layer: shape<Extract<MetricLayer, { kind: 'layer' }>>({ kind: oneOf(['layer']), layerId: id }),
});

export const metricRunRow = shape<MetricRunRow>({
  codebookHash: optional(text()),
  id,
  datasetId: id,
  createdAt: isoTime,
  appVersion: text({ empty: true }),
  layer: metricLayer,
  layerName: text({ empty: true }),
  scope: oneOf(['all', 'verified']),
  settings: metricsSettings,
  groups: list(groupScore),
  overall: groupScore,
  sequence: optional(integer({ min: 1 })),
  name: optional(text({ max: 80 })),
});

const dialogueCounts = shape<DialogueCounts>({
  turns: count, teacherTurns: count, studentTurns: count, withStrategy: count, strategies: texts, transfer: count, bloomRated: count,
  bloomMin: nullable(count), bloomMax: nullable(count), intents: texts, l3: count, errors: count, successes: count, unknownLabels: count, labels: count,
});

const scoredDialogue = shape<ScoredDialogue>({
  id: text({ empty: true }),
  dialogueId: id,
  group: text({ empty: true }),
  values: metricRecord(share),
  totalScore: share,
  vacuous3C: bool,
  counts: dialogueCounts,
  turnsOf: metricRecord(list(count)),
});

export const metricRunScoresRow = shape<MetricRunScoresRow>({ runId: id, datasetId: id, dialogues: list(scoredDialogue) });
