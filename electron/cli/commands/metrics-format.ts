import { METRIC_NAMES, SCORE_KEYS, formatInterval, formatScore, groupJson, threeCNote, type MetricsReport } from '../../../shared/metrics';
import { lineText } from '../terminal-text';

/** Exactly the issue's shape: per dialogue and per group, metrics as fractions in [0, 1]. */
export function metricsJson(report: MetricsReport) {
  return {
    dialogues: report.dialogues.map((dialogue) => ({ id: dialogue.id, group: dialogue.group, ...dialogue.values, TotalScore: dialogue.totalScore })),
    groups: report.groups.map(groupJson),
  };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => [...row[column]].length)));
  return rows.map((row) => row.map((text, column) => (column === 0 ? text.padEnd(widths[column]) : text.padStart(widths[column]))).join('  ')).join('\n');
}

/** Table II in the terminal: mean and 95% interval per metric and group, then what was scored and the conventions. */
export function metricsText(report: MetricsReport, layerSentence: string): string {
  const header = ['', ...report.groups.map((group) => `${lineText(group.group)} (n=${group.dialogues})`)];
  const rows = SCORE_KEYS.map((key) => [
    METRIC_NAMES[key].short,
    ...report.groups.map((group) => {
      const n = group.n[key] !== group.dialogues ? ` n=${group.n[key]}` : '';
      return `${formatScore(key, group.means[key])} ${formatInterval(key, group.ci95[key])}${n}`;
    }),
  ]);
  const vacuous = report.groups.reduce((sum, group) => sum + group.vacuous3C, 0);
  const notes = [
    lineText(layerSentence),
    `${report.dialogues.length} dialogues; per-group figures are unweighted means over dialogues with a 95% percentile bootstrap interval (${report.settings.bootstrap.resamples} resamples, seed ${report.settings.bootstrap.seed}).`,
    threeCNote(report.settings.threeC, vacuous, report.dialogues.length),
    `TotalScore weights: ${Object.entries(report.settings.weights).map(([id, weight]) => `${id}=${weight}`).join(', ')}.`,
  ];
  const unlabelled = report.groups.reduce((sum, group) => sum + group.withoutLabels, 0);
  if (unlabelled > 0) notes.push(`${unlabelled} dialogue${unlabelled === 1 ? '' : 's'} carry none of the labels the metrics read (not annotated?); they score 0, 3C by convention.`);
  const unknown = report.groups.reduce((sum, group) => sum + group.withUnknownLabels, 0);
  if (unknown > 0) notes.push(`${unknown} dialogue${unknown === 1 ? '' : 's'} hold labels the codebook does not know in the fields the metrics read; those labels count for nothing.`);
  return `${table([header, ...rows])}\n\n${notes.join('\n')}\n`;
}
