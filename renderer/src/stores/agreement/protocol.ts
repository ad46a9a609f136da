import type { LayerAgreementReport, ReviewLayerInput } from '../../../../shared/agreement/review-layers';

/** Messages to the agreement worker. Every request carries an id its answers repeat. */
export interface AgreementWorkerRequest {
  requestId: number;
  input: ReviewLayerInput;
}

/** Messages from the agreement worker. */
export type AgreementWorkerResponse =
  | { requestId: number; kind: 'progress'; done: number; total: number }
  | { requestId: number; kind: 'done'; report: LayerAgreementReport }
  | { requestId: number; kind: 'failed'; message: string };
