import type { JudgeLanguage } from '../judge/types';
import type { JsonSchema } from '../llm/answer-schema';
import type { ChatMessage } from '../llm/messages';
import { fillPrompt } from '../scenario/variables';
import { isObject, parseAnswerObject, readBilingual, unknownKeys } from './answer-read';
import { DRAFT_PROMPT, type PromptPair, REVISE_PROMPT, TEST_ITEM_PROMPT } from './prompt-text';
import { revisionDiff, revisionProblems } from './revision';
import type { DraftMetric, MetricDiagnostic, RevisionDiff, SynthesisSpec } from './types';

export type Read<T> = { ok: true; value: T } | { ok: false; problems: string[] };

function messages(pair: PromptPair, values: Record<string, string>): ChatMessage[] {
  return [{ role: 'system', content: fillPrompt(pair.system, values) }, { role: 'user', content: fillPrompt(pair.user, values) }];
}

function dimensionLines(spec: SynthesisSpec, language: JudgeLanguage): string {
  return spec.dimensions.map((d) => `- ${d.id}: ${d.name[language]} (${d.weight})${d.description[language] ? ` — ${d.description[language]}` : ''}`).join('\n');
}

function metricCountText(spec: SynthesisSpec, language: JudgeLanguage): string {
  const count = spec.metricCount;
  if ('perDimension' in count) return language === 'zh' ? `每个维度 ${count.perDimension} 个指标` : `${count.perDimension} metric(s) per dimension`;
  return language === 'zh' ? `共 ${count.total} 个指标，每个维度至少一个` : `${count.total} metrics in all, at least one per dimension`;
}

const base = (spec: SynthesisSpec, language: JudgeLanguage) => ({
  scenario: spec.scenario[language],
  dimensions: dimensionLines(spec, language),
  range: language === 'zh' ? `${spec.range.min}–${spec.range.max} 分` : `a ${spec.range.min}–${spec.range.max} scale`,
});

export function draftMessages(spec: SynthesisSpec, language: JudgeLanguage = 'zh'): ChatMessage[] {
  return messages(DRAFT_PROMPT[language], { ...base(spec, language), metric_count: metricCountText(spec, language) });
}

const bilingualSchema: JsonSchema = { type: 'object', properties: { zh: { type: 'string' }, en: { type: 'string' } }, required: ['zh', 'en'], additionalProperties: false };
const DRAFT_KEYS = ['dimension', 'name', 'weight', 'description', 'positive_example', 'negative_example'] as const;

/** The drafter's answer for strict structured outputs; readDraftAnswer checks what a schema cannot (counts, weights > 0). */
export function draftAnswerSchema(spec: SynthesisSpec): JsonSchema {
  const metric: JsonSchema = {
    type: 'object',
    properties: { dimension: { type: 'string', enum: spec.dimensions.map((d) => d.id) }, name: bilingualSchema, weight: { type: 'number' }, description: bilingualSchema, positive_example: bilingualSchema, negative_example: bilingualSchema },
    required: [...DRAFT_KEYS],
    additionalProperties: false,
  };
  return { type: 'object', properties: { metrics: { type: 'array', items: metric } }, required: ['metrics'], additionalProperties: false };
}

/**
 * The drafter's metrics, checked: every problem at once (JSON paths), the six fields of each, a
 * dimension of the spec, the counts the spec asks for, names unique. Ids are given here
 * (`<dimension>-<n>` in answer order), and the relative weights the model gave within a
 * dimension are scaled to split the dimension's weight, so the metrics' weights sum to 1.
 */
export function readDraftAnswer(text: string, spec: SynthesisSpec): Read<DraftMetric[]> {
  const problems: string[] = [];
  const root = parseAnswerObject(text, 'metrics', problems);
  if (!root) return { ok: false, problems };
  if (!Array.isArray(root.metrics)) return { ok: false, problems: [...problems, '$.metrics: must be a list'] };
  const dimensionIds = spec.dimensions.map((d) => d.id);
  const read = root.metrics.map((raw, index) => {
    const path = `$.metrics[${index}]`;
    if (!isObject(raw)) {
      problems.push(`${path}: must be an object`);
      return null;
    }
    unknownKeys(raw, DRAFT_KEYS, path, problems);
    const dimension = typeof raw.dimension === 'string' && dimensionIds.includes(raw.dimension) ? raw.dimension : null;
    if (!dimension) problems.push(`${path}.dimension: must be one of ${dimensionIds.join(', ')}`);
    const weight = typeof raw.weight === 'number' && Number.isFinite(raw.weight) && raw.weight > 0 ? raw.weight : null;
    if (weight === null) problems.push(`${path}.weight: must be a number above 0`);
    const entry = {
      dimension: dimension ?? '', weight: weight ?? 0,
      name: readBilingual(raw.name, `${path}.name`, problems),
      description: readBilingual(raw.description, `${path}.description`, problems),
      positiveExample: readBilingual(raw.positive_example, `${path}.positive_example`, problems),
      negativeExample: readBilingual(raw.negative_example, `${path}.negative_example`, problems),
    };
    return entry;
  });
  const entries = read.filter((entry): entry is NonNullable<typeof entry> => entry !== null);
  const count = spec.metricCount;
  for (const id of dimensionIds) {
    const n = entries.filter((entry) => entry.dimension === id).length;
    if ('perDimension' in count && n !== count.perDimension) problems.push(`$.metrics: ${n} metric(s) for ${id}, ${count.perDimension} asked`);
    if ('total' in count && n === 0) problems.push(`$.metrics: no metric for ${id}`);
  }
  if ('total' in count && entries.length !== count.total) problems.push(`$.metrics: ${entries.length} metric(s), ${count.total} asked`);
  for (const language of ['en', 'zh'] as const) {
    const names = entries.map((entry) => entry.name[language].toLowerCase()).filter((name) => name);
    for (const name of new Set(names.filter((name, index) => names.indexOf(name) !== index))) problems.push(`$.metrics: the name "${name}" (${language}) is given twice`);
  }
  if (problems.length > 0) return { ok: false, problems };
  const metrics: DraftMetric[] = [];
  for (const dimension of spec.dimensions) {
    const own = entries.filter((entry) => entry.dimension === dimension.id);
    const sum = own.reduce((total, entry) => total + entry.weight, 0);
    own.forEach((entry, index) => metrics.push({ id: `${dimension.id}-${index + 1}`, ...entry, weight: (dimension.weight * entry.weight) / sum }));
  }
  return { ok: true, value: metrics };
}

export function testItemMessages(spec: SynthesisSpec, language: JudgeLanguage = 'zh'): ChatMessage[] {
  return messages(TEST_ITEM_PROMPT[language], { ...base(spec, language), count: String(spec.testItems) });
}

export function testItemsAnswerSchema(): JsonSchema {
  return { type: 'object', properties: { items: { type: 'array', items: { type: 'string' } } }, required: ['items'], additionalProperties: false };
}

/** The test items, `spec.testItems` non-empty, distinct texts, with ids T1, T2, … */
export function readTestItemsAnswer(text: string, spec: SynthesisSpec): Read<{ id: string; text: string }[]> {
  const problems: string[] = [];
  const root = parseAnswerObject(text, 'items', problems);
  if (!root) return { ok: false, problems };
  if (!Array.isArray(root.items)) return { ok: false, problems: [...problems, '$.items: must be a list'] };
  const items = root.items.map((item, index) => {
    if (typeof item !== 'string' || item.trim().length === 0) problems.push(`$.items[${index}]: must be a non-empty string`);
    return typeof item === 'string' ? item.trim() : '';
  });
  if (items.length !== spec.testItems) problems.push(`$.items: ${items.length} item(s), ${spec.testItems} asked`);
  items.forEach((item, index) => {
    if (item && items.indexOf(item) !== index) problems.push(`$.items[${index}]: repeats item ${items.indexOf(item)}`);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: items.map((item, index) => ({ id: `T${index + 1}`, text: item })) };
}

function metricLine(metric: DraftMetric, language: JudgeLanguage): string {
  return `- ${metric.id} [${metric.dimension}] ${metric.name[language]}: ${metric.description[language]}\n  + ${metric.positiveExample[language]}\n  − ${metric.negativeExample[language]}`;
}

/** The reviser's prompt: every metric for context, then those to revise with the evidence of their diagnostics. */
export function reviseMessages(spec: SynthesisSpec, metrics: readonly DraftMetric[], diagnostics: readonly MetricDiagnostic[], revise: readonly string[], language: JudgeLanguage = 'zh'): ChatMessage[] {
  const byId = new Map(diagnostics.map((d) => [d.metric, d]));
  const reviseLines = metrics.filter((metric) => revise.includes(metric.id)).map((metric) => {
    const d = byId.get(metric.id);
    const evidence = d ? `${d.verdict}: mean ${d.mean.toFixed(2)}, SD ${d.sd.toFixed(2)}, floor ${(d.floorShare * 100).toFixed(0)}%, ceiling ${(d.ceilingShare * 100).toFixed(0)}% (${d.reason})` : 'no scores';
    return `- ${metric.id} ${metric.name[language]} — ${evidence}`;
  });
  return messages(REVISE_PROMPT[language], { ...base(spec, language), metrics: metrics.map((metric) => metricLine(metric, language)).join('\n'), revise: reviseLines.join('\n') });
}

export function revisionAnswerSchema(revise: readonly string[]): JsonSchema {
  const entry: JsonSchema = {
    type: 'object',
    properties: { metric: { type: 'string', enum: [...revise] }, description: bilingualSchema, positive_example: bilingualSchema, negative_example: bilingualSchema },
    required: ['metric', 'description', 'positive_example', 'negative_example'],
    additionalProperties: false,
  };
  return { type: 'object', properties: { revisions: { type: 'array', items: entry } }, required: ['revisions'], additionalProperties: false };
}

const REVISION_KEYS = ['metric', 'description', 'positive_example', 'negative_example'] as const;
/** Keys a model may try to slip in: applied, so that revisionProblems refuses them in its own words. */
const FIXED_KEYS = ['name', 'dimension', 'weight'] as const;

/**
 * The reviser's answer applied to `before`: every problem at once. Only metrics of `revise` may
 * be revised, each once; a name, dimension or weight in the answer is refused by
 * revisionProblems, as is any change to a locked metric.
 */
export function readRevisionAnswer(text: string, before: readonly DraftMetric[], revise: readonly string[], locked: readonly string[] = []): Read<{ metrics: DraftMetric[]; diff: RevisionDiff }> {
  const problems: string[] = [];
  const root = parseAnswerObject(text, 'revisions', problems);
  if (!root) return { ok: false, problems };
  if (!Array.isArray(root.revisions)) return { ok: false, problems: [...problems, '$.revisions: must be a list'] };
  const after = before.map((metric) => ({ ...metric }));
  const seen = new Set<string>();
  root.revisions.forEach((raw, index) => {
    const path = `$.revisions[${index}]`;
    if (!isObject(raw)) {
      problems.push(`${path}: must be an object`);
      return;
    }
    unknownKeys(raw, [...REVISION_KEYS, ...FIXED_KEYS], path, problems);
    const id = typeof raw.metric === 'string' ? raw.metric : '';
    const target = after.find((metric) => metric.id === id);
    if (!target) return void problems.push(`${path}.metric: ${JSON.stringify(raw.metric)} is not a metric of this version`);
    if (seen.has(id)) return void problems.push(`${path}.metric: ${id} is revised twice`);
    seen.add(id);
    if (!revise.includes(id) && !locked.includes(id)) problems.push(`${path}.metric: ${id} was not asked to be revised`);
    target.description = readBilingual(raw.description, `${path}.description`, problems);
    target.positiveExample = readBilingual(raw.positive_example, `${path}.positive_example`, problems);
    target.negativeExample = readBilingual(raw.negative_example, `${path}.negative_example`, problems);
    if (raw.name !== undefined) target.name = readBilingual(raw.name, `${path}.name`, problems);
    if (raw.dimension !== undefined) target.dimension = String(raw.dimension);
    if (raw.weight !== undefined) target.weight = typeof raw.weight === 'number' ? raw.weight : Number.NaN;
  });
  problems.push(...revisionProblems(before, after, locked));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: { metrics: after, diff: revisionDiff(before, after) } };
}

