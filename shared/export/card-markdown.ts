/**
 * The dataset card as Markdown (dataset-card.ts holds its figures and JSON). Every name is
 * untrusted (data-set, layer, annotator, teacher-model and field names come from files and users)
 * and goes through markdownCell; every section says whether its figures cover this export's scope
 * or the whole data set.
 */
import { englishVerdict, percent1 } from '../spot-check/report';
import type { AdjudicationCounts, CardCodeRow, CardCoefficient, CardFieldRow } from './card-scope';
import type { DatasetCardInput } from './dataset-card';
import { markdownCell } from './markdown-cell';
import type { ExportScope } from './scope';
import type { UnsureValues } from './unsure-values';

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

const UNSURE_WORDS: Record<DatasetCardInput['export']['format'], Record<UnsureValues, string>> = {
  'sid-jsonl': {
    empty: 'left empty in the annotations; the provenance ("maieutic") marks each `unsure`.',
    guess: "written as the expert's best guess; only the provenance (\"maieutic\") marks them `unsure`.",
  },
  'long-csv': {
    empty: 'their `expert_value` is left empty; the `status` column says `unsure`.',
    guess: "their `expert_value` is the expert's best guess; the `status` column says `unsure`.",
  },
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

const COVERAGE_PREFIX = '*Covers:';

/** The line under a heading whose figures are about what this export holds. */
function exportCovers(input: DatasetCardInput): string {
  const { counts } = input;
  return `${COVERAGE_PREFIX} this export's scope — ${SCOPE_WORDS[input.export.scope]}: ${count(counts.dialogues, 'dialogue', 'dialogues')}, ${count(counts.turns, 'turn', 'turns')}.*`;
}

/** The line under a heading whose figures are about the whole data set, whatever the export holds. */
function dataSetCovers(input: DatasetCardInput, what: string): string {
  const { dataset, counts } = input;
  const whole = `${count(dataset.dialogues, 'dialogue', 'dialogues')}, ${count(dataset.turns, 'turn', 'turns')}`;
  const held = counts.dialogues === dataset.dialogues && counts.turns === dataset.turns ? 'this export holds all of it' : `not only the ${count(counts.turns, 'turn', 'turns')} this export holds`;
  return `${COVERAGE_PREFIX} the whole data set (${whole}; ${what}) — ${held}.*`;
}

/** The coefficient tables of one pair: per field, then per code of the label-set fields. */
function pairTables(input: DatasetCardInput, rows: readonly CardFieldRow[], codeRows: readonly CardCodeRow[]): string[] {
  const value = (entry: CardCoefficient) => (entry.value === null ? `— (${entry.reason ?? 'undefined'})` : cardCoefficient(entry.value));
  const lines = [...table(['Field', 'Coefficient', 'Value', 'n', '95% CI'], rows.map((entry) => [fieldName(input, entry.fieldId), coefficientName(entry), value(entry), entry.items, cardInterval(entry.ci95)])), ''];
  const setFields = input.codebook.fields.filter((field) => field.type === 'set' && rows.some((entry) => entry.fieldId === field.id));
  if (setFields.length > 0) {
    lines.push('Per code of the label-set fields (absent/present):', '');
    if (codeRows.length === 0) lines.push('No code was compared yet.', '');
    else lines.push(...table(['Field = code', 'Coefficient', 'Value', 'n', '95% CI'], codeRows.map((entry) => [fieldName(input, `${entry.fieldId}=${entry.code}`), coefficientName(entry), value(entry), entry.items, cardInterval(entry.ci95)])), '');
  }
  return lines;
}

function agreementSection(input: DatasetCardInput): string[] {
  return ['## Agreement', '', dataSetCovers(input, 'every reviewed turn of it'), '', ...wholeAgreement(input), ...exportAgreementLines(input)];
}

function exportAgreementLines(input: DatasetCardInput): string[] {
  const { exportAgreement: pair } = input;
  const lines = ["### On this export's turns", '', exportCovers(input), ''];
  if (pair.reviewedTurns === 0) return [...lines, 'No exported turn has a field an expert decided: there is nothing to compare.', ''];
  lines.push(`Between ${markdownCell(pair.raters[0])} and ${markdownCell(pair.raters[1])}, computed as above over the ${count(pair.reviewedTurns, 'exported turn', 'exported turns')} with at least one field an expert decided.`, '');
  return [...lines, ...pairTables(input, pair.rows, pair.codeRows)];
}

function wholeAgreement(input: DatasetCardInput): string[] {
  const lines: string[] = [];
  const { agreement } = input;
  if (!agreement) return [...lines, `Agreement could not be computed${input.agreementError ? `: ${markdownCell(input.agreementError)}` : ''}.`, ''];
  lines.push(`Between ${markdownCell(agreement.raters[0])} and ${markdownCell(agreement.raters[1])}, per field, all teacher models (as the app's agreement view shows by default). n counts the values both rated; the 95% CI is the asymptotic (Wald) interval, truncated to [−1, 1].`, '');
  lines.push(...pairTables(input, agreement.rows, agreement.codeRows));
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

function adjudicationWords(counts: AdjudicationCounts): string {
  return counts.unanimous + counts.adjudicated + counts.unresolved === 0 ? 'No value was adjudicated.' : `${counts.unanimous} unanimous, ${counts.adjudicated} adjudicated, ${counts.unresolved} unresolved.`;
}

function adjudicationSection(input: DatasetCardInput): string[] {
  return [
    '## Adjudication',
    '',
    dataSetCovers(input, 'every adjudication record'),
    '',
    adjudicationWords(input.adjudication),
    '',
    "### On this export's turns",
    '',
    exportCovers(input),
    '',
    adjudicationWords(input.exportAdjudication),
    '',
  ];
}

function spotCheckSection(input: DatasetCardInput): string[] {
  const lines = ['## Spot-checks', '', dataSetCovers(input, 'samples drawn from all of it'), ''];
  if (input.spotChecks.length === 0) return [...lines, 'No spot-check was drawn for this data set.', ''];
  for (const check of input.spotChecks) {
    lines.push(`### ${markdownCell(check.name)}`, '');
    lines.push(`- ${check.size} ${check.unit === 'dialogue' ? 'dialogues' : 'turns'} drawn, ${markdownCell(check.checkedLayer)} checked; ${check.reviewedTurns} of ${check.sampledTurns} sampled turns reviewed.`);
    lines.push(`- A field passes when the upper bound of its 95% Wilson interval is below ${percent1(check.threshold)}, and fails when the lower bound is above it or when enough values were reviewed that a sample without errors would have passed; otherwise not enough has been reviewed yet. "No LLM value" counts reviewed values the checked layer has no value for: neither right nor wrong, they are outside n.`, '');
    if (check.fields.length === 0) {
      lines.push('No field of this spot-check was reviewed yet.', '');
      continue;
    }
    lines.push(...table(['Field', 'n', 'Errors', 'No LLM value', 'Error rate', '95% Wilson interval', 'Verdict'], check.fields.map((entry) => [fieldName(input, entry.field), entry.n, entry.errors, entry.noLlmValue, percent1(entry.rate), `${percent1(entry.low)} – ${percent1(entry.high)}`, englishVerdict(entry)])), '');
  }
  return lines;
}

function metricsSection(input: DatasetCardInput): string[] {
  const lines = ['## Objective metrics', '', dataSetCovers(input, "the dialogues of the run's layer when the run was made"), ''];
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
  if (counts.labels.unsure > 0) {
    limits.push(
      input.export.unsureValues === 'empty'
        ? `${count(counts.labels.unsure, 'label', 'labels')} an expert was unsure of ${counts.labels.unsure === 1 ? 'is' : 'are'} left empty (the provenance marks ${counts.labels.unsure === 1 ? 'it' : 'each'} \`unsure\`).`
        : `${count(counts.labels.unsure, 'label is', 'labels are')} an expert's best guess, marked \`unsure\` only in the provenance.`,
    );
  }
  if (counts.acceptance.unknown > 0) limits.push(`For ${count(counts.acceptance.unknown, 'accepted label', 'accepted labels')}, reviewed before the tool recorded it, it is not known whether the expert accepted ${counts.acceptance.unknown === 1 ? 'it' : 'them'} one by one or by verifying the turn.`);
  if (input.exportAdjudication.unresolved > 0) limits.push(`${count(input.exportAdjudication.unresolved, 'adjudication', 'adjudications')} of the exported turns ${input.exportAdjudication.unresolved === 1 ? 'is' : 'are'} unresolved.`);
  if (!input.agreement || input.agreement.layers.length === 0) limits.push('No second human annotation layer is attached, so inter-annotator agreement between humans is not reported.');
  if (input.spotChecks.length === 0) limits.push('No spot-check estimates the error rate of the unreviewed labels.');
  if (limits.length === 0) limits.push('None recorded by the tool.');
  return [
    '## Data statement',
    '',
    `- **What**: ${count(counts.dialogues, 'tutoring dialogue', 'tutoring dialogues')} (${count(counts.turns, 'turn', 'turns')}; ${count(counts.teacherModels.length, 'teacher model', 'teacher models')}, ${count(counts.topics, 'topic', 'topics')}) annotated with the fields of codebook ${markdownCell(input.codebook.name)} (${markdownCell(input.codebook.id)}, version ${markdownCell(input.codebook.version)}). The labels start as LLM pre-annotations.`,
    `- **By whom**: ${count(expert, 'label value', 'label values')} decided by experts: ${annotators}.`,
    `- **How checked**: ${count(counts.verifiedDialogues, 'dialogue', 'dialogues')} and ${count(counts.verifiedTurns, 'turn', 'turns')} of this export marked verified; agreement, spot-checks and adjudication as reported above, each section saying whether it covers this export or the whole data set.`,
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
    `- This export holds ${count(counts.dialogues, 'dialogue', 'dialogues')} and ${count(counts.turns, 'turn', 'turns')} of the data set's ${count(input.dataset.dialogues, 'dialogue', 'dialogues')} and ${count(input.dataset.turns, 'turn', 'turns')}. Every section below says which its figures cover: this export's scope, or the whole data set.`,
    `- Labels an expert marked unsure: ${UNSURE_WORDS[input.export.format][input.export.unsureValues]}`,
    '',
    '## Counts',
    '',
    exportCovers(input),
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
    exportCovers(input),
    '',
    `- Verified: ${counts.verifiedDialogues} of ${counts.dialogues} dialogues, ${counts.verifiedTurns} of ${counts.turns} turns.`,
    `- Labels written: ${counts.labels.accepted} accepted, ${counts.labels.changed} corrected, ${counts.labels.unsure} unsure, ${counts.labels.unreviewed} unreviewed${counts.labels.labelled ? `, ${counts.labels.labelled} labelled with no suggestion shown` : ''}.`,
    `- Accepted: ${counts.acceptance.deliberate} one by one (a, Shift+A, or the suggested label picked), ${counts.acceptance.verify} as shown by verifying their turn (v, Shift+V), ${counts.acceptance.unknown} how unknown (reviewed before the tool recorded it).`,
    '',
    ...(counts.fields.length > 0
      ? table(['Field', 'Values', 'Expert values', 'Accepted', 'Corrected', 'Unsure'], counts.fields.map((entry) => [fieldName(input, entry.fieldId), entry.written, entry.expert, entry.accepted, entry.changed, entry.unsure]))
      : ['The export writes no label.']),
    '',
    ...agreementSection(input),
    ...spotCheckSection(input),
    ...adjudicationSection(input),
    ...metricsSection(input),
    ...dataStatement(input),
  ];
  return `${lines.join('\n')}\n`;
}
