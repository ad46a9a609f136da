/**
 * A metrics run as files: Table II as long CSV (one row per group × metric, full precision, with
 * the run's settings), Table II as Markdown (rounded as the paper prints it), and the per-dialogue
 * scores as CSV. Stable English column names: these feed scripts and spreadsheets.
 */
import { metricsMarkdown, SCORE_KEYS, type ScoreKey } from '../../../../shared/metrics';
import type { MetricRunRow, ScoredDialogue } from '../../../../shared/model/metric-run';
import { csvCell } from '../export/table-cells';

const line = (cells: (string | number | null)[]) => cells.map(csvCell).join(',');

function settingsCells(run: MetricRunRow): (string | number)[] {
  return [run.layer.kind, run.layerName, run.scope, run.settings.threeC, Object.entries(run.settings.weights).map(([id, weight]) => `${id}=${weight}`).join(' '), run.settings.bootstrap.resamples, run.settings.bootstrap.seed, run.appVersion, run.createdAt];
}

const SETTINGS_HEADER = ['layer', 'layer_name', 'dialogues_scored', 'three_c', 'weights', 'bootstrap_resamples', 'bootstrap_seed', 'app_version', 'computed_at'];

export function tableCsv(run: MetricRunRow): string {
  const lines = [line(['group', 'metric', 'mean', 'ci95_low', 'ci95_high', 'n', 'dialogues', 'vacuous_3c', ...SETTINGS_HEADER])];
  for (const group of [...run.groups, run.overall]) {
    for (const key of SCORE_KEYS) {
      const interval = group.ci95[key];
      lines.push(line([group.group, key, group.means[key], interval?.[0] ?? null, interval?.[1] ?? null, group.n[key], group.dialogues, group.vacuous3C, ...settingsCells(run)]));
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function dialoguesCsv(dialogues: readonly ScoredDialogue[]): string {
  const lines = [line(['dialogue', 'group', ...SCORE_KEYS, 'vacuous_3c', 'unknown_labels', 'teacher_turns', 'student_turns', 'errors', 'successes'])];
  for (const dialogue of dialogues) {
    const value = (key: ScoreKey) => (key === 'TotalScore' ? dialogue.totalScore : dialogue.values[key]);
    const { counts } = dialogue;
    lines.push(line([dialogue.id, dialogue.group, ...SCORE_KEYS.map(value), dialogue.vacuous3C ? 1 : 0, counts.unknownLabels, counts.teacherTurns, counts.studentTurns, counts.errors, counts.successes]));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function tableMarkdown(run: MetricRunRow, words: { title: string; groupName: (group: string) => string; metricName: (key: ScoreKey) => string }): string {
  return metricsMarkdown({ settings: run.settings, dialogues: [], groups: run.groups, overall: run.overall }, words);
}
