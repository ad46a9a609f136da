import type { JobResponse } from '../../workers/worker-channel';
import type { LayerPanelInput, LayerPanelReport } from '../../../../shared/agreement/layer-panel';
import type { LayerAgreementReport, ReviewLayerInput } from '../../../../shared/agreement/review-layers';
import type { AgreementOutcome, AgreementRequest } from './run-agreement';

/** What one computation of the agreement view holds: the chosen pair, and every layer at once when there are several. */
export interface AgreementJob {
  pair: ReviewLayerInput;
  /** null when the data set has only the pre-annotation and the expert layer (the pair says it all) */
  panel: LayerPanelInput | null;
}

export interface AgreementResults {
  report: LayerAgreementReport;
  panel: LayerPanelReport | null;
}

/** Messages to the agreement worker. Every request carries an id its answers repeat. */
export interface AgreementWorkerRequest {
  requestId: number;
  request: AgreementRequest;
}

/** Messages from the agreement worker. */
export type AgreementWorkerResponse = JobResponse<AgreementOutcome>;
