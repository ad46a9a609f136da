import { markdownCell as cell } from '../export/markdown-cell';
import { METRIC_NAMES, SCORE_KEYS, type ScoreKey, type ThreeCConvention } from './definitions';
import type { GroupScore, MetricsReport } from './metrics-report';

export const NONE = '—';

/** As the paper's Table II prints them: indicators as percentages with one decimal, TotalScore with four decimals. */
export function formatScore(key: ScoreKey, value: number | null): string {
  if (value === null) return NONE;
  return key === 'TotalScore' ? value.toFixed(4) : `${(value * 100).toFixed(1)}%`;
}

export function formatInterval(key: ScoreKey, interval: readonly [number, number] | null): string {
  if (interval === null) return NONE;
  return `[${formatScore(key, interval[0])}, ${formatScore(key, interval[1])}]`;
}

/** One sentence saying which 3C convention was used and how many dialogues it touched. */
export function threeCNote(convention: ThreeCConvention, vacuous: number, dialogues: number): string {
  const touched = `${vacuous} of ${dialogues} dialogue${dialogues === 1 ? '' : 's'} had no incorrect answer`;
  return convention === 'strict' ? `3C (strict): ${touched} and are left out of 3C and TotalScore.` : `3C (paper convention): ${touched} and score 1.0.`;
}

/** Table II as Markdown: rows metrics, columns groups; each cell mean [95% CI] (n when it differs from the group's dialogues). */
export function metricsMarkdown(report: MetricsReport, options: { title?: string; groupName?: (group: string) => string; metricName?: (key: ScoreKey) => string; withIntervals?: boolean } = {}): string {
  const groupName = options.groupName ?? ((group: string) => group);
  const metricName = options.metricName ?? ((key: ScoreKey) => METRIC_NAMES[key].short);
  const withIntervals = options.withIntervals ?? true;
  const head = ['Metric', ...report.groups.map((group) => `${groupName(group.group)} (n=${group.dialogues})`)];
  const lines = [`| ${head.map(cell).join(' | ')} |`, `|${head.map((_, index) => (index === 0 ? ' --- ' : ' ---: ')).join('|')}|`];
  for (const key of SCORE_KEYS) {
    const cells = report.groups.map((group) => {
      const mean = formatScore(key, group.means[key]);
      const interval = withIntervals && group.ci95[key] ? ` ${formatInterval(key, group.ci95[key])}` : '';
      const n = group.n[key] !== group.dialogues ? ` (n=${group.n[key]})` : '';
      return `${mean}${interval}${n}`;
    });
    lines.push(`| ${[metricName(key), ...cells].map(cell).join(' | ')} |`);
  }
  const vacuous = report.groups.reduce((sum, group) => sum + group.vacuous3C, 0);
  const dialogues = report.groups.reduce((sum, group) => sum + group.dialogues, 0);
  const notes = [
    threeCNote(report.settings.threeC, vacuous, dialogues),
    `Weights: ${Object.entries(report.settings.weights).map(([id, weight]) => `${cell(id)} ${weight}`).join(', ')}.`,
    withIntervals ? `Intervals: 95% percentile bootstrap over dialogues, ${report.settings.bootstrap.resamples} resamples, seed ${report.settings.bootstrap.seed}.` : '',
  ].filter((note) => note !== '');
  const title = options.title ? `## ${cell(options.title)}\n\n` : '';
  return `${title}${lines.join('\n')}\n\n${notes.join(' ')}\n`;
}

/** One group's figures as the CLI's JSON prints them. */
export function groupJson(group: GroupScore) {
  return { group: group.group, dialogues: group.dialogues, ...Object.fromEntries(SCORE_KEYS.map((key) => [key, group.means[key]])), vacuous3C: group.vacuous3C };
}
