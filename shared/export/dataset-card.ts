/**
 * The dataset card written beside every export (`<file name>.card.md` and `<file name>.card.json`, e.g. `x.jsonl.card.md`): what
 * the file holds, how much of it an expert checked, how well the layers agree, what the
 * spot-checks found, how adjudication ended and the objective metrics, with a short data
 * statement for a journal's reviewers. Built from figures already computed elsewhere (the
 * agreement view's report, the spot-check view's results, the latest metrics run), so the card
 * never holds a number the app shows differently. Every name in the Markdown is untrusted
 * (data-set, layer, annotator, teacher-model and field names come from files and users) and goes
 * through markdownCell.
 */
import type { Codebook } from '../codebook/types';
import { percent1 } from '../spot-check/report';
import { markdownCell } from './markdown-cell';
import type { ExportScope } from './scope';
import { summarizeExport } from './summary';
import { indexFieldReviews } from './expert-value';
import { turnIdsInScope } from './scope';
import type { ExportDialogue } from './types';
import type { ExportCodebookVersion } from './value-provenance';
import { exportedFieldValues, type LabelCounts } from './value-status';

/** The version of the card's JSON shape. */
export const DATASET_CARD_VERSION = 1;

export interface CardCounts {
  dialogues: number;
  turns: number;
  /** teacher models (as the reviewer corrected them) with their dialogues, most dialogues first */
  teacherModels: { name: string; dialogues: number }[];
  /** distinct topics (topic id, else topic text) */
  topics: number;
  verifiedDialogues: number;
  verifiedTurns: number;
  /** the labels written, by review status (summary.ts) */
  labels: LabelCounts;
  /** per label field written: its values, and those an expert decided, by decision */
  fields: { fieldId: string; written: number; expert: number; accepted: number; changed: number; unsure: number; labelled?: number }[];
  /** who decided the expert values, with how many (fields decided), most first */
  annotators: { name: string; values: number }[];
}

/** The card's counts of what an export writes under `scope` (the same rules as the exporters). */
export function cardCounts(items: readonly ExportDialogue[], codebook: Codebook, scope: ExportScope): CardCounts {
  const summary = summarizeExport(items, codebook, scope);
  const models = new Map<string, number>();
  const topics = new Set<string>();
  const fields = new Map<string, CardCounts['fields'][number]>();
  const annotators = new Map<string, number>();
  for (const item of items) {
    const inScope = turnIdsInScope(item, scope);
    if (inScope.size === 0) continue;
    const model = item.dialogueReview?.teacherModel ?? item.dialogue.teacherModel;
    models.set(model, (models.get(model) ?? 0) + 1);
    topics.add(item.dialogue.topicId ?? `text:${item.dialogue.topicText}`);
    const reviews = indexFieldReviews(item.fieldReviews);
    for (const turn of item.turns) {
      if (!inScope.has(turn.id)) continue;
      for (const value of exportedFieldValues(turn, codebook, reviews)) {
        if (!value.isLabel) continue;
        const counts = fields.get(value.field.id) ?? { fieldId: value.field.id, written: 0, expert: 0, accepted: 0, changed: 0, unsure: 0 };
        fields.set(value.field.id, counts);
        counts.written += 1;
        if (!value.review) continue;
        counts.expert += 1;
        if (value.review.decision === 'labelled') counts.labelled = (counts.labelled ?? 0) + 1;
        else counts[value.review.decision] += 1;
        annotators.set(value.review.reviewer, (annotators.get(value.review.reviewer) ?? 0) + 1);
      }
    }
  }
  const byCount = <T extends { name: string }>(count: (entry: T) => number) => (a: T, b: T) => count(b) - count(a) || a.name.localeCompare(b.name);
  return {
    dialogues: summary.dialogues,
    turns: summary.turns,
    teacherModels: [...models].map(([name, dialogues]) => ({ name, dialogues })).sort(byCount((entry) => entry.dialogues)),
    topics: topics.size,
    verifiedDialogues: summary.verifiedDialogues,
    verifiedTurns: summary.verifiedTurns,
    labels: summary.labels,
    fields: codebook.fields.map((field) => fields.get(field.id)).filter((entry) => entry !== undefined),
    annotators: [...annotators].map(([name, values]) => ({ name, values })).sort(byCount((entry) => entry.values)),
  };
}

export interface CardCoefficient {
  /** `cohen`, `fleiss`, `krippendorff` (AgreementResult.coefficient) */
  coefficient: string;
  weights: string | null;
  value: number | null;
  /** n: the items that entered the coefficient */
  items: number;
  /** the raw 95% interval (the Markdown shows it truncated to [−1, 1], as the agreement view does) */
  ci95: [number, number] | null;
  /** why the value is undefined, when it is */
  reason: string | null;
}

export interface CardAgreement {
  /** the pair the agreement view shows by default, by name (rater A, rater B) */
  raters: [string, string];
  /** one row per label field (the field's own row, all teacher models) */
  rows: ({ fieldId: string } & CardCoefficient)[];
  /** label-set fields decomposed: one row per code with at least one item (the view's per-code rows) */
  codeRows: ({ fieldId: string; code: string } & CardCoefficient)[];
  /** the attached annotation layers by name; empty: no other layer, the pair above is all there is */
  layers: string[];
  /** across the pooled sources (the view's default pool): Fleiss' kappa and Krippendorff's alpha per field; null without attached layers */
  panel: { raters: string[]; rows: { fieldId: string; fleiss: CardCoefficient; alpha: CardCoefficient }[] } | null;
}

export interface CardSpotCheck {
  name: string;
  createdAt: string;
  unit: 'dialogue' | 'turn';
  /** items drawn */
  size: number;
  /** the layer whose labels were checked, by name */
  checkedLayer: string;
  /** the error-rate bound a field must stay under (0.1 = 10%) */
  threshold: number;
  reviewedTurns: number;
  sampledTurns: number;
  fields: { field: string; fieldId: string; n: number; errors: number; rate: number | null; low: number; high: number; verdict: 'pass' | 'fail' }[];
}

export interface CardMetricsGroup {
  group: string;
  dialogues: number;
  means: Record<string, number | null>;
}

export interface CardMetrics {
  run: string;
  createdAt: string;
  layerName: string;
  scope: string;
  appVersion: string;
  groups: CardMetricsGroup[];
  overall: CardMetricsGroup;
}

export interface DatasetCardInput {
  toolVersion: string;
  generatedAt: string;
  dataset: { id: string; name: string; dialogues: number; turns: number };
  export: { format: 'sid-jsonl' | 'long-csv'; extension: string; scope: ExportScope; adjudicated: boolean };
  codebook: ExportCodebookVersion & { name: string; fields: { id: string; name: string; type: string }[] };
  counts: CardCounts;
  /** null: agreement could not be computed (`agreementError` says why) */
  agreement: CardAgreement | null;
  agreementError?: string | null;
  spotChecks: CardSpotCheck[];
  adjudication: { unanimous: number; adjudicated: number; unresolved: number };
  /** the latest metrics run; null when none was run */
  metrics: CardMetrics | null;
}

export interface DatasetCard extends DatasetCardInput {
  cardVersion: number;
  /** left for the data set's authors to fill in */
  license: null;
}

export function datasetCardJson(input: DatasetCardInput): DatasetCard {
  return { cardVersion: DATASET_CARD_VERSION, ...input, license: null };
}

/** Kappa-type values to three decimals with a real minus sign; an em dash when undefined (as the agreement view writes them). */
export function cardCoefficient(value: number | null): string {
  if (value === null) return '—';
  const text = value.toFixed(3);
  return text.startsWith('-') ? `−${text.slice(1)}` : text;
}

/** The interval as the agreement view shows it: truncated to [−1, 1]. */
export function cardInterval(ci: readonly [number, number] | null): string {
  if (ci === null) return '—';
  const clip = (bound: number) => Math.max(-1, Math.min(1, bound));
  return `[${cardCoefficient(clip(ci[0]))}, ${cardCoefficient(clip(ci[1]))}]`;
}

const SCOPE_WORDS: Record<ExportScope, string> = {
  verified: 'the dialogues an expert marked verified',
  'verified-turns': 'the turns an expert marked verified',
  all: 'every dialogue, reviewed or not',
};

/** `1 dialogue`, `2 dialogues` */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const row = (cells: readonly (string | number)[]) => `| ${cells.map((cell) => markdownCell(String(cell))).join(' | ')} |`;
const table = (head: readonly string[], rows: readonly (readonly (string | number)[])[]) => [row(head), `|${head.map(() => ' --- ').join('|')}|`, ...rows.map(row)];

function fieldName(input: DatasetCardInput, fieldId: string): string {
  const [id, code] = fieldId.split('=');
  const field = input.codebook.fields.find((candidate) => candidate.id === id);
  const name = field ? `${field.name} (${id})` : id;
  return code === undefined ? name : `${name} = ${code}`;
}

function coefficientName(result: CardCoefficient): string {
  const name = result.coefficient === 'cohen' ? "Cohen's κ" : result.coefficient === 'fleiss' ? "Fleiss' κ" : result.coefficient === 'krippendorff' ? "Krippendorff's α" : result.coefficient;
  return result.weights && result.weights !== 'none' ? `${name} (${result.weights})` : name;
}

function agreementSection(input: DatasetCardInput): string[] {
  const lines = ['## Agreement', ''];
  const { agreement } = input;
  if (!agreement) return [...lines, `Agreement could not be computed${input.agreementError ? `: ${markdownCell(input.agreementError)}` : ''}.`, ''];
  lines.push(`Between ${markdownCell(agreement.raters[0])} and ${markdownCell(agreement.raters[1])}, per field, all teacher models (as the app's agreement view shows by default). n counts the values both rated; the 95% CI is the asymptotic (Wald) interval, truncated to [−1, 1].`, '');
  lines.push(...table(['Field', 'Coefficient', 'Value', 'n', '95% CI'], agreement.rows.map((entry) => [fieldName(input, entry.fieldId), coefficientName(entry), entry.value === null ? `— (${entry.reason ?? 'undefined'})` : cardCoefficient(entry.value), entry.items, cardInterval(entry.ci95)])), '');
  const setFields = input.codebook.fields.filter((field) => field.type === 'set' && agreement.rows.some((entry) => entry.fieldId === field.id));
  if (setFields.length > 0) {
    lines.push('Per code of the label-set fields (absent/present):', '');
    if (agreement.codeRows.length === 0) lines.push('No code was compared yet.', '');
    else lines.push(...table(['Field = code', 'Coefficient', 'Value', 'n', '95% CI'], agreement.codeRows.map((entry) => [fieldName(input, `${entry.fieldId}=${entry.code}`), coefficientName(entry), entry.value === null ? `— (${entry.reason ?? 'undefined'})` : cardCoefficient(entry.value), entry.items, cardInterval(entry.ci95)])), '');
  }
  if (agreement.layers.length === 0) {
    lines.push('No other annotation layer is attached to this data set: there is no second annotator to compare, only the LLM pre-annotation with the expert.', '');
    return lines;
  }
  lines.push(`Attached annotation layers: ${agreement.layers.map(markdownCell).join(', ')}.`, '');
  if (!agreement.panel || agreement.panel.raters.length < 2) {
    lines.push('Fewer than two sources are pooled, so there is no Fleiss\' kappa or Krippendorff\'s alpha across layers.', '');
    return lines;
  }
  lines.push(`Across ${agreement.panel.raters.map(markdownCell).join(', ')}:`, '');
  lines.push(
    ...table(
      ['Field', "Fleiss' κ", 'n', "Krippendorff's α", 'n'],
      agreement.panel.rows.map((entry) => [fieldName(input, entry.fieldId), cardCoefficient(entry.fleiss.value), entry.fleiss.items, cardCoefficient(entry.alpha.value), entry.alpha.items]),
    ),
    '',
  );
  return lines;
}

function spotCheckSection(input: DatasetCardInput): string[] {
  const lines = ['## Spot-checks', ''];
  if (input.spotChecks.length === 0) return [...lines, 'No spot-check was drawn for this data set.', ''];
  for (const check of input.spotChecks) {
    lines.push(`### ${markdownCell(check.name)}`, '');
    lines.push(`- ${check.size} ${check.unit === 'dialogue' ? 'dialogues' : 'turns'} drawn, ${markdownCell(check.checkedLayer)} checked; ${check.reviewedTurns} of ${check.sampledTurns} sampled turns reviewed.`);
    lines.push(`- A field passes when the upper bound of its 95% Wilson interval is below ${percent1(check.threshold)}.`, '');
    if (check.fields.length === 0) {
      lines.push('No field of this spot-check was reviewed yet.', '');
      continue;
    }
    lines.push(...table(['Field', 'n', 'Errors', 'Error rate', '95% Wilson interval', 'Verdict'], check.fields.map((entry) => [fieldName(input, entry.field), entry.n, entry.errors, percent1(entry.rate), `${percent1(entry.low)} – ${percent1(entry.high)}`, entry.verdict])), '');
  }
  return lines;
}

function metricsSection(input: DatasetCardInput): string[] {
  const lines = ['## Objective metrics', ''];
  const { metrics } = input;
  if (!metrics) return [...lines, 'No metrics run was made for this data set.', ''];
  const keys = Object.keys(metrics.overall.means);
  lines.push(`${markdownCell(metrics.run)} (${markdownCell(metrics.createdAt)}), on ${markdownCell(metrics.layerName)}, ${markdownCell(metrics.scope)} dialogues; computed by version ${markdownCell(metrics.appVersion)}. Means per teacher model:`, '');
  const format = (value: number | null) => (value === null ? '—' : value.toFixed(3));
  lines.push(...table(['Teacher model', 'Dialogues', ...keys], [...metrics.groups, { ...metrics.overall, group: 'All' }].map((group) => [group.group, group.dialogues, ...keys.map((key) => format(group.means[key] ?? null))])), '');
  return lines;
}

function dataStatement(input: DatasetCardInput): string[] {
  const { counts } = input;
  const expert = counts.labels.accepted + counts.labels.changed + counts.labels.unsure + (counts.labels.labelled ?? 0);
  const annotators = counts.annotators.length === 0 ? 'no expert has decided any value yet' : counts.annotators.map((entry) => `${markdownCell(entry.name)} (${count(entry.values, 'value', 'values')})`).join(', ');
  const limits: string[] = [];
  if (counts.labels.unreviewed > 0) limits.push(`${count(counts.labels.unreviewed, 'written label is an LLM pre-annotation', 'written labels are LLM pre-annotations')} no expert checked; the provenance marks each \`unreviewed\`.`);
  if (counts.labels.unsure > 0) limits.push(`${count(counts.labels.unsure, 'label is', 'labels are')} an expert's best guess, marked \`unsure\`.`);
  if (input.adjudication.unresolved > 0) limits.push(`${count(input.adjudication.unresolved, 'adjudication is', 'adjudications are')} unresolved.`);
  if (!input.agreement || input.agreement.layers.length === 0) limits.push('No second human annotation layer is attached, so inter-annotator agreement between humans is not reported.');
  if (input.spotChecks.length === 0) limits.push('No spot-check estimates the error rate of the unreviewed labels.');
  if (limits.length === 0) limits.push('None recorded by the tool.');
  return [
    '## Data statement',
    '',
    `- **What**: ${count(counts.dialogues, 'tutoring dialogue', 'tutoring dialogues')} (${count(counts.turns, 'turn', 'turns')}; ${count(counts.teacherModels.length, 'teacher model', 'teacher models')}, ${count(counts.topics, 'topic', 'topics')}) annotated with the fields of codebook ${markdownCell(input.codebook.name)} (${markdownCell(input.codebook.id)}, version ${markdownCell(input.codebook.version)}). The labels start as LLM pre-annotations.`,
    `- **By whom**: ${count(expert, 'label value', 'label values')} decided by experts: ${annotators}.`,
    `- **How checked**: ${count(counts.verifiedDialogues, 'dialogue', 'dialogues')} and ${count(counts.verifiedTurns, 'turn', 'turns')} marked verified; agreement, spot-checks and adjudication as reported above.`,
    `- **Known limits**: ${limits.join(' ')}`,
    '- **License**: (to be filled in by the data set\'s authors)',
    '',
  ];
}

/** The card as Markdown; sections without data say so plainly. */
export function datasetCardMarkdown(input: DatasetCardInput): string {
  const { counts } = input;
  const lines = [
    `# Dataset card: ${markdownCell(input.dataset.name)}`,
    '',
    `Written by Maieutic ${markdownCell(input.toolVersion)} on ${markdownCell(input.generatedAt)}, beside the export with the same name (\`.${markdownCell(input.export.extension)}\`).`,
    '',
    '## The export',
    '',
    `- Format: ${input.export.format === 'sid-jsonl' ? 'SID JSON Lines' : 'long CSV'}; scope: ${SCOPE_WORDS[input.export.scope]}${input.export.adjudicated ? '; adjudicated values written where there are any' : ''}.`,
    `- The data set holds ${input.dataset.dialogues} dialogues and ${input.dataset.turns} turns.`,
    '',
    '## Counts',
    '',
    ...table(['Dialogues', 'Turns', 'Teacher models', 'Topics'], [[counts.dialogues, counts.turns, counts.teacherModels.length, counts.topics]]),
    '',
    ...(counts.teacherModels.length > 0 ? [...table(['Teacher model', 'Dialogues'], counts.teacherModels.map((entry) => [entry.name, entry.dialogues])), ''] : []),
    '## Codebook',
    '',
    `${markdownCell(input.codebook.name)} — id ${markdownCell(input.codebook.id)}, version ${markdownCell(input.codebook.version)}, hash ${markdownCell(input.codebook.hash)}.`,
    '',
    ...table(['Field', 'Type'], input.codebook.fields.map((field) => [`${field.name} (${field.id})`, field.type])),
    '',
    '## Review coverage',
    '',
    `- Verified: ${counts.verifiedDialogues} of ${counts.dialogues} dialogues, ${counts.verifiedTurns} of ${counts.turns} turns.`,
    `- Labels written: ${counts.labels.accepted} accepted, ${counts.labels.changed} corrected, ${counts.labels.unsure} unsure, ${counts.labels.unreviewed} unreviewed${counts.labels.labelled ? `, ${counts.labels.labelled} labelled with no suggestion shown` : ''}.`,
    '',
    ...(counts.fields.length > 0
      ? table(['Field', 'Values', 'Expert values', 'Accepted', 'Corrected', 'Unsure'], counts.fields.map((entry) => [fieldName(input, entry.fieldId), entry.written, entry.expert, entry.accepted, entry.changed, entry.unsure]))
      : ['The export writes no label.']),
    '',
    ...agreementSection(input),
    ...spotCheckSection(input),
    '## Adjudication',
    '',
    input.adjudication.unanimous + input.adjudication.adjudicated + input.adjudication.unresolved === 0
      ? 'No value was adjudicated.'
      : `${input.adjudication.unanimous} unanimous, ${input.adjudication.adjudicated} adjudicated, ${input.adjudication.unresolved} unresolved.`,
    '',
    ...metricsSection(input),
    ...dataStatement(input),
  ];
  return `${lines.join('\n')}\n`;
}
