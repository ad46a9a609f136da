import { METRIC_NAMES, SCORE_KEYS, formatInterval, formatScore, groupJson, threeCNote, type MetricsReport } from '../../../shared/metrics';
import { lineText } from '../terminal-text';

/** Dialogues not scored because a scoped export left labels out of some of their turns. */
export interface SkippedDialogues {
  dialogues: number;
  /** of their turns, those written without labels (provenance `inScope: false`) */
  turnsWithoutLabels: number;
  /** all their turns */
  turns: number;
  /** their ids, as the scored dialogues' ids are written */
  ids: string[];
}

export const noneSkipped = (): SkippedDialogues => ({ dialogues: 0, turnsWithoutLabels: 0, turns: 0, ids: [] });

export function addSkipped(into: SkippedDialogues, more: SkippedDialogues): void {
  into.dialogues += more.dialogues;
  into.turnsWithoutLabels += more.turnsWithoutLabels;
  into.turns += more.turns;
  for (const id of more.ids) into.ids.push(id);
}

/** Labels an expert marked unsure that the export left empty, in the scored dialogues (the verified layer reads them as no label). */
export interface UnsureLeftEmpty {
  labels: number;
  dialogues: number;
}

export const noneLeftEmpty = (): UnsureLeftEmpty => ({ labels: 0, dialogues: 0 });

export function unsureLeftEmptySentence(leftEmpty: UnsureLeftEmpty): string {
  return `${plural(leftEmpty.labels, 'label', 'labels')} an expert marked unsure (in ${plural(leftEmpty.dialogues, 'dialogue', 'dialogues')}) ${leftEmpty.labels === 1 ? 'was' : 'were'} left empty by the export and count as no label; export with "Keep my best guess" to score the expert's guesses.`;
}

/** The `reason` of the JSON's `skipped`: stable for scripts. */
export const SKIP_REASON = 'labels-left-out-by-export';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Why dialogues were not scored, in one sentence. */
export function skippedSentence(skipped: SkippedDialogues): string {
  return (
    `${plural(skipped.dialogues, 'dialogue was', 'dialogues were')} not scored: ${skipped.turnsWithoutLabels} of ${skipped.dialogues === 1 ? 'its' : 'their'} ${plural(skipped.turns, 'turn', 'turns')} carry no labels, left out by the export (a verified-turns export labels only the turns an expert verified). ` +
    'The metrics count over every turn of a dialogue (SV, SC and BP count distinct values, 3C follows each incorrect answer to the next student turn), so such a dialogue would score as if those turns had no labels; export verified dialogues to score them.'
  );
}

/** Exactly the issue's shape: per dialogue and per group, metrics as fractions in [0, 1]; `skipped` only when dialogues were left out. */
export function metricsJson(report: MetricsReport, skipped: SkippedDialogues = noneSkipped(), leftEmpty: UnsureLeftEmpty = noneLeftEmpty()) {
  return {
    dialogues: report.dialogues.map((dialogue) => ({ id: dialogue.id, group: dialogue.group, ...dialogue.values, TotalScore: dialogue.totalScore })),
    groups: report.groups.map(groupJson),
    ...(skipped.dialogues > 0 ? { skipped: { reason: SKIP_REASON, ...skipped } } : {}),
    ...(leftEmpty.labels > 0 ? { unsureLeftEmpty: leftEmpty } : {}),
  };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => [...row[column]].length)));
  return rows.map((row) => row.map((text, column) => (column === 0 ? text.padEnd(widths[column]) : text.padStart(widths[column]))).join('  ')).join('\n');
}

/** Table II in the terminal: mean and 95% interval per metric and group, then what was scored and the conventions. */
export function metricsText(report: MetricsReport, layerSentence: string, skipped: SkippedDialogues = noneSkipped(), leftEmpty: UnsureLeftEmpty = noneLeftEmpty()): string {
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
  if (skipped.dialogues > 0) notes.push(skippedSentence(skipped));
  if (leftEmpty.labels > 0) notes.push(unsureLeftEmptySentence(leftEmpty));
  const unknown = report.groups.reduce((sum, group) => sum + group.withUnknownLabels, 0);
  if (unknown > 0) notes.push(`${unknown} dialogue${unknown === 1 ? '' : 's'} hold labels the codebook does not know in the fields the metrics read; those labels count for nothing.`);
  return `${table([header, ...rows])}\n\n${notes.join('\n')}\n`;
}
