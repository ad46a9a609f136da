/**
 * The figures of the dataset card and of the per-value provenance, read for one export. Every
 * number comes from the computation the app's own view uses: agreement from runAgreement with
 * the agreement view's default request (LLM pre-annotation × expert, the default pool), the
 * spot-checks from spotCheckFigures (the spot-check view's), the metrics from the latest run.
 */
import { ALL_GROUP } from '../../../../shared/agreement/review-layers';
import { BUILT_IN_RATER_NAMES } from '../../../../shared/agreement/rater-names';
import type { AgreementResult } from '../../../../shared/agreement/types';
import { codebookVersionHash } from '../../../../shared/codebook';
import type { Codebook } from '../../../../shared/codebook/types';
import { cardCounts, type CardAgreement, type CardCoefficient, type CardMetrics, type CardSpotCheck, type DatasetCardInput, type ExportCodebookVersion, type ExportDialogue, type ExportScope, type ProvenanceContext, type UnsureValues } from '../../../../shared/export';
import { adjudicationCounts, cardAgreementRows, exportAgreement, exportedTurnIds } from '../../../../shared/export/card-scope';
import type { GroupScore } from '../../../../shared/metrics/metrics-report';
import type { AdjudicationRow } from '../../../../shared/model/adjudication';
import type { Dataset } from '../../../../shared/model/dataset';
import type { LayerRow } from '../../../../shared/model/layer';
import { APP_VERSION } from '../../app-version';
import type { MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { listAdjudications } from '../../db/repositories/adjudications';
import { listAnnotators } from '../../db/repositories/annotators';
import { countExportable } from '../../db/repositories/export';
import { listLayers } from '../../db/repositories/layers';
import { listMetricRuns } from '../../db/repositories/metric-runs';
import { listSpotChecks } from '../../db/repositories/spot-checks';
import { runAgreement, type AgreementOutcome, type AgreementRequest } from '../agreement/run-agreement';
import { DEFAULT_RATER_PAIR, raterSourceKey } from '../agreement/rater-choice';
import { spotCheckFigures } from '../spot-check/results';

/** The codebook version an export names: the data set's recorded hash (when the row has one), else the hash of the codebook in use. */
export function exportCodebookVersion(dataset: Dataset & { codebookHash?: unknown }, codebook: Codebook): ExportCodebookVersion {
  const recorded = typeof dataset.codebookHash === 'string' && dataset.codebookHash !== '' ? dataset.codebookHash : null;
  return { id: codebook.id, version: codebook.version, hash: recorded ?? codebookVersionHash(codebook) };
}

export interface ExportContext {
  provenance: ProvenanceContext;
  layers: LayerRow[];
  adjudications: AdjudicationRow[];
}

/** Names of the data set's layers and annotators and its codebook version, for the exporters. */
export async function loadExportContext(db: MaieuticDb, dataset: Dataset, codebook: Codebook): Promise<ExportContext> {
  const [layers, annotators, adjudications] = await Promise.all([listLayers(db, dataset.id), listAnnotators(db), listAdjudications(db, dataset.id)]);
  const adjudicated = layers.find((layer) => layer.kind === 'adjudicated');
  return {
    provenance: {
      codebook: exportCodebookVersion(dataset, codebook),
      layers: Object.fromEntries(layers.map((layer) => [layer.id, { name: layer.name, kind: layer.kind }])),
      annotators: Object.fromEntries(annotators.map((annotator) => [annotator.id, annotator.name])),
      adjudicatedLayer: adjudicated ? { id: adjudicated.id, name: adjudicated.name } : null,
    },
    layers,
    adjudications,
  };
}

function coefficient(result: AgreementResult, items: number, weights: string | null): CardCoefficient {
  return { coefficient: result.coefficient, weights, value: result.value, items, ci95: result.ci95, reason: result.reason };
}

/** A source key of the reports (`llm`, `expert`, `layer:<id>`) by the name the agreement view gives it. */
function sourceName(key: string, layers: readonly LayerRow[]): string {
  if (key === 'llm') return BUILT_IN_RATER_NAMES.pre.en;
  if (key === 'expert') return BUILT_IN_RATER_NAMES.expert.en;
  const id = key.startsWith('layer:') ? key.slice('layer:'.length) : key;
  return layers.find((layer) => layer.id === id)?.name ?? id;
}

/** Runs one agreement computation: the agreement view's runAgreement, in its worker or on this thread. */
export type ComputeAgreement = (request: AgreementRequest) => Promise<AgreementOutcome>;

/** runAgreement on this thread over `db` (tests, and where no worker is wanted). */
export const agreementOnThread = (db: () => MaieuticDb): ComputeAgreement => (request) => runAgreement(db(), request, () => undefined);

/** The agreement view's default computation: the same request the view makes when first opened. */
async function cardAgreement(compute: ComputeAgreement, datasetId: string, codebook: Codebook, layers: readonly LayerRow[]): Promise<CardAgreement | null> {
  const outcome = await compute({ datasetId, raters: DEFAULT_RATER_PAIR, panelChoice: null, ordinalWeights: 'linear', codebook });
  if (outcome.kind === 'missing') return null;
  const all = outcome.report.groups.find((group) => group.group === ALL_GROUP) ?? outcome.report.groups[0];
  const panelAll = outcome.panel?.groups.find((group) => group.group === ALL_GROUP) ?? outcome.panel?.groups[0];
  return {
    raters: [sourceName(raterSourceKey(outcome.raters[0]), layers), sourceName(raterSourceKey(outcome.raters[1]), layers)],
    ...cardAgreementRows(all?.rows ?? []),
    layers: outcome.layers.map((layer) => layer.name),
    panel:
      outcome.panel && panelAll
        ? {
            raters: outcome.panel.panel.map((key) => sourceName(key, layers)),
            rows: panelAll.rows
              .filter((row) => row.code === null && row.panel !== null)
              .map((row) => ({ fieldId: row.fieldId, fleiss: coefficient(row.panel!.fleiss, row.panel!.fleiss.items, null), alpha: coefficient(row.panel!.alpha, row.panel!.alpha.items, null) })),
          }
        : null,
  };
}

function metricsGroup(group: GroupScore): CardMetrics['groups'][number] {
  return { group: group.group, dialogues: group.dialogues, means: { ...group.means } };
}

export interface CardRequest {
  dataset: Dataset;
  codebook: Codebook;
  items: readonly ExportDialogue[];
  scope: ExportScope;
  format: 'sid-jsonl' | 'long-csv';
  adjudicated: boolean;
  unsureValues: UnsureValues;
  context: ExportContext;
  /** how agreement is computed; default runAgreement over `db` on this thread */
  computeAgreement?: ComputeAgreement;
  now?: Date;
}

/** Everything the dataset card writes, for one export. */
export async function loadCardInput(db: MaieuticDb, request: CardRequest): Promise<DatasetCardInput> {
  const { dataset, codebook, context } = request;
  const [counts, spotRows, runs] = await Promise.all([countExportable(db, dataset.id), listSpotChecks(db, dataset.id), listMetricRuns(db, dataset.id)]);
  let agreement: CardAgreement | null = null;
  let agreementError: string | null = null;
  try {
    agreement = await cardAgreement(request.computeAgreement ?? agreementOnThread(() => db), dataset.id, codebook, context.layers);
  } catch (error) {
    agreementError = errorMessage(error);
  }
  const spotChecks: CardSpotCheck[] = [];
  for (const row of spotRows) {
    const figures = await spotCheckFigures(db, dataset.id, row, codebook);
    spotChecks.push({
      name: row.name,
      createdAt: row.createdAt,
      unit: row.unit,
      size: row.items.length,
      checkedLayer: row.suggestionLayerId ? sourceName(`layer:${row.suggestionLayerId}`, context.layers) : BUILT_IN_RATER_NAMES.pre.en,
      threshold: row.threshold,
      reviewedTurns: figures.reviewedTurns,
      sampledTurns: figures.sampledTurns,
      fields: figures.fields.map((field) => ({ field: field.field, fieldId: field.fieldId, n: field.n, errors: field.errors, noLlmValue: field.noLlmValue, rate: field.rate, low: field.low, high: field.high, verdict: field.verdict, needed: field.needed })),
    });
  }
  const latest = runs[0];
  return {
    toolVersion: APP_VERSION,
    generatedAt: (request.now ?? new Date()).toISOString(),
    dataset: { id: dataset.id, name: dataset.name, dialogues: counts.all.dialogues, turns: counts.all.turns },
    export: { format: request.format, extension: request.format === 'sid-jsonl' ? 'jsonl' : 'csv', scope: request.scope, adjudicated: request.adjudicated, unsureValues: request.unsureValues },
    codebook: { ...context.provenance.codebook, name: codebook.name.en, fields: codebook.fields.map((field) => ({ id: field.id, name: field.name.en, type: field.type })) },
    counts: cardCounts(request.items, codebook, request.scope),
    agreement,
    agreementError,
    exportAgreement: exportAgreement(request.items, codebook, request.scope),
    spotChecks,
    adjudication: adjudicationCounts(context.adjudications),
    exportAdjudication: adjudicationCounts(context.adjudications, exportedTurnIds(request.items, request.scope)),
    metrics: latest
      ? {
          run: `Run ${latest.sequence ?? '?'}${latest.name ? ` — ${latest.name}` : ''}`,
          createdAt: latest.createdAt,
          layerName: latest.layerName,
          scope: latest.scope,
          appVersion: latest.appVersion,
          groups: latest.groups.map(metricsGroup),
          overall: metricsGroup(latest.overall),
        }
      : null,
  };
}
