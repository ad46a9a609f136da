/**
 * The `rubric-synthesis` job kind (issue 15): one job is one round of the loop, one work item
 * (`round-<n>`) on the judge connection; the drafter (or reviser) and the generator are bound in
 * `roleConnections`. The educator works between jobs: a round's job finishes, the educator edits
 * and locks, and the next round is a new job carrying the state it needs (`carried`). The spec's
 * YAML text travels with the job and must hash to `specHash`, so a resumed job runs what was started.
 */
import { contentHash } from '../import/hash';
import type { JobDefinition, TokenCounts } from '../jobs';
import type { JudgeLanguage, RubricSet } from '../judge/types';
import { canonicalJson } from '../llm/cache-key';
import type { LoopDecision } from './loop';
import { parseSynthesisSpec } from './parse-spec';
import { revisionProblems } from './revision';
import { MAX_SYNTHESIS_ROUNDS } from './spec-schema';
import type { AnchorDrift, DraftMetric, ExpertEdit, MetricDiagnostic, MetricScore, Round, RoundObjective, SynthesisSpec } from './types';

export const SYNTHESIS_JOB_KIND = 'rubric-synthesis';
export const MAX_SPEC_SOURCE = 200_000;
export const MAX_ANSWERS_PER_ITEM = 8;
/** teacher models beside the generator, each answering every item (discrimination between models) */
export const MAX_EXTRA_GENERATORS = 4;
export const SYNTHESIS_BOUND_ROLES = ['drafter', 'generator'] as const;
export type SynthesisBoundRole = (typeof SYNTHESIS_BOUND_ROLES)[number];

export interface SynthesisTestItem {
  id: string;
  text: string;
}

/**
 * One generated answer to a test item: `<item id>-a<k>` (k from 1) by the generator, and
 * `<item id>-g<g>-a<k>` by the g-th teacher model (g from 2) when several are compared.
 */
export interface SynthesisAnswer {
  id: string;
  itemId: string;
  text: string;
  /** the connection id of the teacher model that wrote it, when several are compared */
  generator?: string;
}

/** What round r ≥ 1 needs of the rounds before it (frozen in round 0, or the educator's state). */
export interface SynthesisCarried {
  /** the metrics the round starts from: the best round's, after the educator's edits */
  metrics: DraftMetric[];
  locked: string[];
  expertEdits: ExpertEdit[];
  testItems: SynthesisTestItem[];
  answers: SynthesisAnswer[];
  /** answer ids frozen as anchors in round 0 */
  anchors: string[];
  firstAnchorScores: MetricScore[];
  previousAnchorScores: MetricScore[];
  /** rounds 0 … r − 1, for afterRound and bestRound */
  rounds: Round[];
}

export interface SynthesisJobParameters {
  specSource: string;
  specFile: string;
  /** synthesisSpecHash of the parsed source; a job whose source does not hash to it is refused */
  specHash: string;
  round: number;
  roleConnections: Partial<Record<SynthesisBoundRole, string>>;
  /** answers the generator writes per test item (1 when absent) */
  answersPerItem?: number;
  /**
   * further teacher models' connection ids: each answers every item as the generator does, and
   * each answer's scores carry its connection as their group, so the diagnostics tell how far a metric
   * discriminates between teacher models (`discrimination.betweenGroups`)
   */
  extraGenerators?: string[];
  language?: JudgeLanguage;
  /** required from round 1 */
  carried?: SynthesisCarried;
}

export type SynthesisJobDefinition = JobDefinition<'rubric-synthesis', SynthesisJobParameters>;

/** A metric the reviser was asked to revise, and what came of it. */
export interface MetricRevisionOutcome {
  metric: string;
  status: 'revised' | 'unchanged' | 'refused';
  /** why the answers were refused (the metric then stays as it was) */
  problems: string[];
}

export interface SynthesisRoundPayload {
  round: number;
  spec: { id: string; version: string; hash: string };
  metrics: DraftMetric[];
  rubricSet: RubricSet;
  testItems: SynthesisTestItem[];
  answers: SynthesisAnswer[];
  anchors: string[];
  scores: MetricScore[];
  anchorScores: MetricScore[];
  diagnostics: MetricDiagnostic[];
  drift: AnchorDrift | null;
  objective: RoundObjective;
  /** null in round 0 */
  revisions: MetricRevisionOutcome[] | null;
  /** the round as the loop functions see it (carry it in the next job's `carried.rounds`) */
  record: Round;
  decision: LoopDecision;
  /** the best round's version so far, this one included */
  best: number;
  tokens: TokenCounts;
  cached: boolean;
}

export function synthesisSpecHash(spec: SynthesisSpec): string {
  return contentHash(canonicalJson(spec));
}

export function synthesisItemId(round: number): string {
  return `round-${round}`;
}

/** Why the parameters cannot run, every reason at once (empty: they can). */
export function synthesisParameterProblems(definition: SynthesisJobDefinition): string[] {
  const p = definition.parameters;
  const problems: string[] = [];
  const parsed = parseSynthesisSpec(p.specSource, p.specFile);
  if (!parsed.ok) return [`the spec has problems: ${parsed.problems.slice(0, 5).map((problem) => problem.text).join('; ')}`];
  if (synthesisSpecHash(parsed.spec) !== p.specHash) problems.push('specHash does not match the spec text');
  if (!Number.isSafeInteger(p.round) || p.round < 0 || p.round > MAX_SYNTHESIS_ROUNDS) problems.push(`round must be a whole number from 0 to ${MAX_SYNTHESIS_ROUNDS}`);
  if (definition.itemIds.length !== 1 || definition.itemIds[0] !== synthesisItemId(p.round)) problems.push(`itemIds must be ["${synthesisItemId(p.round)}"]`);
  if (definition.connectionIds.length !== 1) problems.push('connectionIds must be the judge connection alone');
  if ((definition.samples ?? 1) !== 1) problems.push('a synthesis round has one sample');
  if (!p.roleConnections.generator) problems.push('roleConnections.generator is required');
  if (!p.roleConnections.drafter) problems.push('roleConnections.drafter is required (it drafts in round 0 and revises after)');
  const answers = p.answersPerItem ?? 1;
  if (!Number.isSafeInteger(answers) || answers < 1 || answers > MAX_ANSWERS_PER_ITEM) problems.push(`answersPerItem must be 1 to ${MAX_ANSWERS_PER_ITEM}`);
  const extra = p.extraGenerators ?? [];
  if (!Array.isArray(extra) || extra.some((id) => typeof id !== 'string' || id.length === 0)) problems.push('extraGenerators must be connection ids');
  else {
    if (extra.length > MAX_EXTRA_GENERATORS) problems.push(`extraGenerators: at most ${MAX_EXTRA_GENERATORS}`);
    if (new Set(extra).size !== extra.length || extra.includes(p.roleConnections.generator ?? '')) problems.push('extraGenerators must differ from each other and from the generator');
  }
  if (p.round === 0 && p.carried) problems.push('round 0 carries nothing');
  if (p.round > 0) {
    const c = p.carried;
    if (!c) problems.push(`round ${p.round} needs the state carried from the rounds before it`);
    else {
      if (c.rounds.length !== p.round) problems.push(`round ${p.round} carries ${c.rounds.length} round(s), ${p.round} expected`);
      const first = c.rounds[0];
      if (first) problems.push(...revisionProblems(first.metrics, c.metrics).map((problem) => `carried metrics: ${problem}`));
      const answerIds = new Set(c.answers.map((answer) => answer.id));
      for (const anchor of c.anchors) if (!answerIds.has(anchor)) problems.push(`anchor ${anchor} is not a carried answer`);
      const metricIds = new Set(c.metrics.map((metric) => metric.id));
      for (const id of c.locked) if (!metricIds.has(id)) problems.push(`locked ${id} is not a metric`);
    }
  }
  return problems;
}

export interface SynthesisDefinitionRequest {
  specSource: string;
  specFile: string;
  round: number;
  judgeConnectionId: string;
  roleConnections: Partial<Record<SynthesisBoundRole, string>>;
  answersPerItem?: number;
  extraGenerators?: string[];
  language?: JudgeLanguage;
  carried?: SynthesisCarried;
  title?: string;
}

export function buildSynthesisDefinition(request: SynthesisDefinitionRequest): { ok: true; definition: SynthesisJobDefinition } | { ok: false; problems: string[] } {
  const parsed = parseSynthesisSpec(request.specSource, request.specFile);
  if (!parsed.ok) return { ok: false, problems: parsed.problems.map((problem) => problem.text) };
  const parameters: SynthesisJobParameters = { specSource: request.specSource, specFile: request.specFile, specHash: synthesisSpecHash(parsed.spec), round: request.round, roleConnections: { ...request.roleConnections } };
  if (request.answersPerItem !== undefined) parameters.answersPerItem = request.answersPerItem;
  if (request.extraGenerators !== undefined && request.extraGenerators.length > 0) parameters.extraGenerators = [...request.extraGenerators];
  if (request.language !== undefined) parameters.language = request.language;
  if (request.carried !== undefined) parameters.carried = request.carried;
  const definition: SynthesisJobDefinition = {
    kind: 'rubric-synthesis',
    title: request.title ?? `${parsed.spec.id} round ${request.round}`,
    connectionIds: [request.judgeConnectionId],
    itemIds: [synthesisItemId(request.round)],
    parameters,
  };
  const problems = synthesisParameterProblems(definition);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, definition };
}

/** The next round's carried state from a finished round's payload (the educator's edits and locks applied by the caller). */
export function carryForward(previous: SynthesisCarried | undefined, payload: SynthesisRoundPayload, metrics: DraftMetric[], locked: string[], expertEdits: ExpertEdit[] = []): SynthesisCarried {
  return {
    metrics, locked, expertEdits,
    testItems: payload.testItems,
    answers: payload.answers,
    anchors: payload.anchors,
    firstAnchorScores: previous?.firstAnchorScores ?? payload.anchorScores,
    previousAnchorScores: payload.anchorScores,
    rounds: [...(previous?.rounds ?? []), payload.record],
  };
}
