/**
 * One computation of the agreement view, from the data set in IndexedDB to the reports. It runs
 * in the agreement worker, which opens the database itself, so that neither reading 100,000 turns
 * nor handing them to the worker (a structured clone of every turn, seconds of work) happens on
 * the UI thread; where no worker can start, the client runs it on the main thread.
 */
import { raterKey } from '../../../../shared/agreement/review-layers';
import type { WeightScheme } from '../../../../shared/agreement/types';
import type { Codebook } from '../../../../shared/codebook/types';
import type { FieldValues } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../../db/db';
import { computeAgreementJob } from './compute-job';
import { loadLayerValues, loadReviewLayers } from './load-layers';
import type { AgreementResults } from './protocol';
import { availablePair, availablePanel, raterChoices, raterSource, type LayerOption, type RaterChoice, type RaterPair } from './rater-choice';

/** What the view asks for. */
export interface AgreementRequest {
  datasetId: string;
  raters: RaterPair;
  /** the pooled sources the user chose; null: the default (the expert and the human layers) */
  panelChoice: readonly RaterChoice[] | null;
  ordinalWeights: WeightScheme;
  /**
   * The data set's codebook version, resolved by the window (codebookForDataset): the worker has no
   * codebook registry, so it is handed the codebook itself (a structured clone) and resolves nothing.
   */
  codebook: Codebook;
}

export type AgreementOutcome =
  | { kind: 'missing' }
  | (AgreementResults & {
      kind: 'ready';
      datasetName: string;
      codebookId: string;
      layers: LayerOption[];
      /** the pair computed: the request's, or its fallback when a chosen layer is gone */
      raters: RaterPair;
    });

export async function runAgreement(db: MaieuticDb, request: AgreementRequest, onProgress: (done: number, total: number) => void): Promise<AgreementOutcome> {
  const layers = await loadReviewLayers(db, request.datasetId);
  if (!layers) return { kind: 'missing' };
  const raters = availablePair(request.raters, layers.layers);
  const valuesOf = new Map<string, Record<string, FieldValues>>();
  // Every layer is read: the all-layers comparison needs them, not only the chosen pair.
  for (const layer of layers.layers) valuesOf.set(layer.id, await loadLayerValues(db, layer.id));
  const { codebook } = request;
  const common = { codebook, turns: layers.turns, fieldReviews: layers.fieldReviews, perGroup: true, ordinalWeights: request.ordinalWeights };
  const sources = raterChoices(layers.layers).map((choice) => raterSource(choice, valuesOf));
  const members = availablePanel(request.panelChoice, layers.layers);
  const results = computeAgreementJob(
    {
      pair: { ...common, raters: [raterSource(raters[0], valuesOf), raterSource(raters[1], valuesOf)] },
      panel: layers.layers.length > 0 ? { ...common, sources, panel: members.map((choice) => raterKey(raterSource(choice, valuesOf))) } : null,
    },
    onProgress,
  );
  return { kind: 'ready', ...results, datasetName: layers.datasetName, codebookId: layers.codebookId, layers: layers.layers, raters };
}
