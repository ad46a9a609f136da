/**
 * The dataset card written beside every export (`<file name>.card.md` and `<file name>.card.json`, e.g. `x.jsonl.card.md`): what
 * the file holds, how much of it an expert checked, how well the layers agree, what the
 * spot-checks found, how adjudication ended and the objective metrics, with a short data
 * statement for a journal's reviewers. Built from figures already computed elsewhere (the
 * agreement view's report, the spot-check view's results, the latest metrics run), so the card
 * never holds a number the app shows differently. Its figures and JSON are here, the Markdown in
 * card-markdown.ts.
 */
import type { Codebook } from '../codebook/types';
import type { Verdict } from '../spot-check/verdict';
import type { AdjudicationCounts, CardCodeRow, CardCoefficient, CardExportAgreement, CardFieldRow } from './card-scope';
import type { ExportScope } from './scope';
import { summarizeExport } from './summary';
import { indexFieldReviews } from './expert-value';
import { turnIdsInScope } from './scope';
import type { ExportDialogue } from './types';
import type { UnsureValues } from './unsure-values';
import type { ExportCodebookVersion } from './value-provenance';
import { exportAcceptance, exportedFieldValues, type ExportAcceptance, type LabelCounts } from './value-status';

export type { CardCoefficient, CardExportAgreement } from './card-scope';

/**
 * The version of the card's JSON shape; 2 added `coverage` (which figures cover the export, which
 * the whole data set), `exportAgreement`, `exportAdjudication`, `export.unsureValues` and
 * `counts.acceptance`.
 */
export const DATASET_CARD_VERSION = 2;

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
  /** of the accepted labels written: accepted by verifying their turn, deliberately, or how unknown (reviews stored before it was recorded) */
  acceptance: Record<ExportAcceptance, number>;
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
  const acceptance: Record<ExportAcceptance, number> = { verify: 0, deliberate: 0, unknown: 0 };
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
        const accepted = exportAcceptance(value.review);
        if (accepted !== null) acceptance[accepted] += 1;
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
    acceptance,
    fields: codebook.fields.map((field) => fields.get(field.id)).filter((entry) => entry !== undefined),
    annotators: [...annotators].map(([name, values]) => ({ name, values })).sort(byCount((entry) => entry.values)),
  };
}

export interface CardAgreement {
  /** the pair the agreement view shows by default, by name (rater A, rater B) */
  raters: [string, string];
  /** one row per label field (the field's own row, all teacher models) */
  rows: CardFieldRow[];
  /** label-set fields decomposed: one row per code with at least one item (the view's per-code rows) */
  codeRows: CardCodeRow[];
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
  fields: { field: string; fieldId: string; n: number; errors: number; noLlmValue: number; rate: number | null; low: number; high: number; verdict: Verdict; needed: number }[];
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
  export: { format: 'sid-jsonl' | 'long-csv'; extension: string; scope: ExportScope; adjudicated: boolean; unsureValues: UnsureValues };
  codebook: ExportCodebookVersion & { name: string; fields: { id: string; name: string; type: string }[] };
  counts: CardCounts;
  /** the whole data set's, as the agreement view shows it; null: it could not be computed (`agreementError` says why) */
  agreement: CardAgreement | null;
  agreementError?: string | null;
  /** the same pair over the exported turns only (card-scope.ts) */
  exportAgreement: CardExportAgreement;
  /** the whole data set's spot-checks */
  spotChecks: CardSpotCheck[];
  /** the whole data set's adjudication records */
  adjudication: AdjudicationCounts;
  /** the records of the exported turns */
  exportAdjudication: AdjudicationCounts;
  /** the latest metrics run; null when none was run */
  metrics: CardMetrics | null;
}

/** What a section's figures cover: the export (its scope) or the whole data set. */
export type CardCoverage = 'export' | 'data-set';

export const CARD_SECTION_COVERAGE = {
  counts: 'export',
  reviewCoverage: 'export',
  agreement: 'data-set',
  exportAgreement: 'export',
  spotChecks: 'data-set',
  adjudication: 'data-set',
  exportAdjudication: 'export',
  metrics: 'data-set',
} as const satisfies Record<string, CardCoverage>;

export interface DatasetCard extends DatasetCardInput {
  cardVersion: number;
  /** the two populations the figures are about, and which one each section covers */
  coverage: {
    export: { scope: ExportScope; dialogues: number; turns: number };
    dataSet: { dialogues: number; turns: number };
    sections: typeof CARD_SECTION_COVERAGE;
  };
  /** left for the data set's authors to fill in */
  license: null;
}

export function datasetCardJson(input: DatasetCardInput): DatasetCard {
  return {
    cardVersion: DATASET_CARD_VERSION,
    coverage: {
      export: { scope: input.export.scope, dialogues: input.counts.dialogues, turns: input.counts.turns },
      dataSet: { dialogues: input.dataset.dialogues, turns: input.dataset.turns },
      sections: CARD_SECTION_COVERAGE,
    },
    ...input,
    license: null,
  };
}

export { cardCoefficient, cardInterval, datasetCardMarkdown } from './card-markdown';
