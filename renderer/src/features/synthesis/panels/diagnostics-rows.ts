/**
 * The diagnostics table's rows (a metric's names, dimension, weight and its diagnostic) and their
 * CSV: stable English column names, both languages' names, numbers unrounded beyond what the
 * scores carry, so a spreadsheet can redo the verdicts.
 */
import type { SynthesisRoundPayload } from '../../../../../shared/synthesis/synthesis-job';
import type { BilingualText, MetricDiagnostic, Verdict } from '../../../../../shared/synthesis/types';
import { csvCell } from '../../../stores/export/table-cells';

export interface DiagnosticRow {
  id: string;
  name: BilingualText;
  dimensionId: string;
  /** the seed dimension's name, from the round's rubric set; null when the set does not have the metric */
  dimensionName: BilingualText | null;
  weight: number;
  diagnostic: MetricDiagnostic;
  locked: boolean;
}

/** Worst first, for sorting on the verdict: the ones to act on come up. */
export const VERDICT_ORDER: Record<Verdict, number> = { 'too-strict': 0, 'too-lenient': 1, weak: 2, fine: 3 };

/** One row per diagnosed metric, in the diagnostics' order (the round's metric order). */
export function diagnosticRows(payload: Pick<SynthesisRoundPayload, 'metrics' | 'diagnostics' | 'rubricSet'>, locked: readonly string[]): DiagnosticRow[] {
  const metrics = new Map(payload.metrics.map((metric) => [metric.id, metric]));
  const rubrics = new Map(payload.rubricSet.rubrics.map((rubric) => [rubric.id, rubric]));
  const lockedSet = new Set(locked);
  return payload.diagnostics.map((diagnostic) => {
    const metric = metrics.get(diagnostic.metric);
    return {
      id: diagnostic.metric,
      name: metric?.name ?? { zh: diagnostic.metric, en: diagnostic.metric },
      dimensionId: metric?.dimension ?? diagnostic.metric.split('-')[0],
      dimensionName: rubrics.get(diagnostic.metric)?.dimension ?? null,
      weight: metric?.weight ?? 0,
      diagnostic,
      locked: lockedSet.has(diagnostic.metric),
    };
  });
}

export const DIAGNOSTICS_CSV_COLUMNS = [
  'round',
  'metric_id',
  'name_zh',
  'name_en',
  'dimension',
  'weight',
  'n',
  'answers',
  'mean',
  'sd',
  'floor_share',
  'ceiling_share',
  'discrimination_answers',
  'discrimination_groups',
  'verdict',
  'reason',
  'locked',
  'threshold_floor_share',
  'threshold_ceiling_share',
  'threshold_min_sd',
] as const;

/** RFC 4180 with a UTF-8 byte-order mark, so Excel reads the Chinese names (as the data-set table's CSV). */
export function diagnosticsCsv(round: number, rows: readonly DiagnosticRow[]): string {
  const lines = [DIAGNOSTICS_CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const d = row.diagnostic;
    const values: (string | number | null)[] = [
      round,
      row.id,
      row.name.zh,
      row.name.en,
      row.dimensionId,
      row.weight,
      d.n,
      d.answers,
      d.mean,
      d.sd,
      d.floorShare,
      d.ceilingShare,
      d.discrimination.acrossAnswers,
      d.discrimination.betweenGroups,
      d.verdict,
      d.reason,
      row.locked ? 'yes' : 'no',
      d.thresholds.floorShare,
      d.thresholds.ceilingShare,
      d.thresholds.minSd,
    ];
    lines.push(values.map(csvCell).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
