/**
 * Rubric-synthesis rows: sessions, rounds (the state each job carried and the payload it gave),
 * versions of the metrics. A session's spec is a spec parseSynthesisSpec reads, under the hash the
 * session records, as synthesis.ts creates sessions. The engine's payloads are checked as far as
 * the app reads them: their records and the fields that name and count them; what only a panel
 * shows (a diagnostic's thresholds, a drift's warning) only for its shape.
 */
import type { JobReason } from '../../../../../shared/jobs/reasons';
import type { BilingualText } from '../../../../../shared/judge/types';
import type { SynthesisRoundRow, SynthesisSessionRow, SynthesisVersionRow } from '../../../../../shared/model/synthesis';
import { parseSynthesisSpec } from '../../../../../shared/synthesis/parse-spec';
import type { WorkingMetrics } from '../../../../../shared/synthesis/session';
import { MAX_ANSWERS_PER_ITEM, MAX_SPEC_SOURCE, synthesisSpecHash, type SynthesisAnswer, type SynthesisCarried, type SynthesisRoundPayload, type SynthesisTestItem } from '../../../../../shared/synthesis/synthesis-job';
import type { DraftMetric, ExpertEdit, MetricDiagnostic, MetricScore, Round, RoundObjective } from '../../../../../shared/synthesis/types';
import { JOB_REASON_CODES } from '../../../../../shared/jobs/reasons';
import { anything, bool, both, count, fail, integer, isoTime, list, nullable, number, oneOf, optional, recordOf, refusedBy, shape, text, texts, variant, type Check } from './check';
import { rubricSet } from './judge-rows';
import { tokenCounts } from './job-rows';

const id = text();
const at = (path: string, field: string) => (path ? `${path}.${field}` : field);

export const bilingual = shape<BilingualText>({ zh: text({ empty: true }), en: text({ empty: true }) });

export const draftMetric = shape<DraftMetric>({
  id, name: bilingual, dimension: id, weight: number({ min: 0, max: 1 }), description: bilingual, positiveExample: bilingual, negativeExample: bilingual,
});

const metricScore = shape<MetricScore>({ answer: id, metric: id, score: number(), group: optional(text()), rationale: optional(text({ empty: true })) });
const testItem = shape<SynthesisTestItem>({ id, text: text({ empty: true }) });
const answer = shape<SynthesisAnswer>({ id, itemId: id, text: text({ empty: true }), generator: optional(id) });
const expertEdit = shape<ExpertEdit>({ by: text({ empty: true }), changes: list(shape<{ metric: string }>({ metric: id }, { loose: true })) });
const diagnostic = shape<Pick<MetricDiagnostic, 'metric' | 'n' | 'mean' | 'verdict'>>({ metric: id, n: count, mean: number(), verdict: oneOf(['too-strict', 'too-lenient', 'weak', 'fine']) }, { loose: true });
const objective = shape<RoundObjective>({ fineShare: number({ min: 0, max: 1 }), meanDiscrimination: number() });
const drift = nullable(shape<{ sinceFirst: unknown; sincePrevious: unknown }>({ sinceFirst: recordOf(anything), sincePrevious: nullable(recordOf(anything)) }));

export const round = shape<Round>({
  version: count, metrics: list(draftMetric), diagnostics: list(diagnostic), drift, objective, locked: texts, expertEdits: list(expertEdit),
});

export const carried = shape<SynthesisCarried>({
  metrics: list(draftMetric), locked: texts, expertEdits: list(expertEdit), testItems: list(testItem), answers: list(answer), anchors: texts,
  firstAnchorScores: list(metricScore), previousAnchorScores: list(metricScore), rounds: list(round),
});

const decision = variant('action', {
  continue: shape<{ action: string; reason: string; rollbackTo: number | null; revise: string[] }>({ action: oneOf(['continue']), reason: oneOf(['first-round', 'gained', 'within-patience']), rollbackTo: nullable(count), revise: texts }),
  stop: shape<{ action: string; reason: string; rollbackTo: number | null; revise: string[] }>({ action: oneOf(['stop']), reason: oneOf(['all-fine', 'nothing-to-revise', 'max-rounds', 'no-gain']), rollbackTo: nullable(count), revise: texts }),
});

export const roundPayload = shape<SynthesisRoundPayload>({
  round: count,
  spec: shape<SynthesisRoundPayload['spec']>({ id, version: text(), hash: id }),
  metrics: list(draftMetric),
  rubricSet,
  testItems: list(testItem),
  answers: list(answer),
  anchors: texts,
  scores: list(metricScore),
  anchorScores: list(metricScore),
  diagnostics: list(diagnostic),
  drift,
  objective,
  revisions: nullable(list(shape<{ metric: string; status: string; problems: string[] }>({ metric: id, status: oneOf(['revised', 'unchanged', 'refused']), problems: texts }))),
  record: round,
  decision,
  best: count,
  tokens: tokenCounts,
  cached: bool,
});

export const workingMetrics = shape<WorkingMetrics>({ basedOn: count, metrics: list(draftMetric), locked: texts, edits: list(expertEdit) });

const label = shape<{ name: string; model: string }>({ name: text({ empty: true }), model: text({ empty: true }) });

export const synthesisSessionRow = both(
  shape<SynthesisSessionRow>({
    id,
    title: text({ max: 200 }),
    spec: shape<SynthesisSessionRow['spec']>({ id, version: text(), hash: id }),
    specSource: text({ max: MAX_SPEC_SOURCE }),
    specFile: text({ empty: true }),
    connections: shape<SynthesisSessionRow['connections']>({ drafter: id, generator: id, judge: id }),
    connectionLabels: shape<SynthesisSessionRow['connectionLabels']>({ drafter: label, generator: label, judge: label }),
    answersPerItem: integer({ min: 1, max: MAX_ANSWERS_PER_ITEM }),
    extraGenerators: optional(list(id)),
    language: oneOf(['zh', 'en']),
    status: oneOf(['running', 'between-rounds', 'stopped']),
    stop: nullable(shape<NonNullable<SynthesisSessionRow['stop']>>({ reason: oneOf(['all-fine', 'nothing-to-revise', 'max-rounds', 'no-gain', 'educator']), at: isoTime })),
    working: nullable(workingMetrics),
    savedRubricSets: texts,
    createdAt: isoTime,
    updatedAt: isoTime,
  }),
  refusedBy((value) => {
    const row = value as SynthesisSessionRow;
    const parsed = parseSynthesisSpec(row.specSource, row.specFile || 'spec.yaml');
    if (!parsed.ok) throw new Error(`its spec has problems: ${parsed.problems.slice(0, 3).map((problem) => problem.text).join('; ')}`);
    if (synthesisSpecHash(parsed.spec) !== row.spec.hash) throw new Error('its spec does not hash to the hash it records');
  }),
);

const reason = shape<JobReason>({ code: oneOf(JOB_REASON_CODES), params: recordOf(anything) });

export const synthesisRoundRow = both(
  shape<SynthesisRoundRow>({
    id, sessionId: id, round: count, jobId: id, carried: nullable(carried), payload: nullable(roundPayload), failure: nullable(text({ empty: true })), failureWhy: optional(reason), createdAt: isoTime,
  }),
  (value, path) => {
    const row = value as SynthesisRoundRow;
    if (row.id !== `${row.sessionId}|${row.round}`) fail(at(path, 'id'), 'wrong-id', 'must be "<session id>|<round>"', { expected: `${row.sessionId}|${row.round}` });
    if (row.payload && row.payload.round !== row.round) fail(at(path, 'payload.round'), 'inconsistent', `is round ${row.payload.round}'s payload, not round ${row.round}'s`);
  },
);

export const synthesisVersionRow = both(
  shape<SynthesisVersionRow>({
    id, sessionId: id, seq: integer({ min: 1 }), kind: oneOf(['draft', 'revision', 'rollback', 'expert-edit', 'lock']), round: count, metrics: list(draftMetric), locked: texts, by: nullable(text({ empty: true })), at: isoTime,
  }),
  (value, path) => {
    const row = value as SynthesisVersionRow;
    if (row.id !== `${row.sessionId}|${row.seq}`) fail(at(path, 'id'), 'wrong-id', 'must be "<session id>|<seq>"', { expected: `${row.sessionId}|${row.seq}` });
  },
);

export type { Check };
