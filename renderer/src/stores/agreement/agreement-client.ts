import { reviewLayerAgreement, type LayerAgreementReport, type ReviewLayerInput } from '../../../../shared/agreement/review-layers';
import type { AgreementWorkerRequest, AgreementWorkerResponse } from './protocol';

export interface AgreementProgress {
  done: number;
  total: number;
}

type Pending = {
  onProgress: (progress: AgreementProgress) => void;
  resolve: (report: LayerAgreementReport) => void;
  reject: (error: Error) => void;
};

/** Lets the browser paint the loading state before a main-thread computation blocks it. */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A worker that failed to start or crashed; the request is then computed on the main thread. */
class WorkerUnavailable extends Error {}

/**
 * Computes the agreement report in a Web Worker so that a large data set does not freeze the
 * window; where a worker cannot start it computes on the main thread instead (as the parse
 * client does). `usesWorker` tells the UI which happened.
 */
export class AgreementClient {
  private worker: Worker | null = null;
  private broken = typeof Worker === 'undefined';
  private nextRequestId = 1;
  private readonly pending = new Map<number, Pending>();

  get usesWorker(): boolean {
    return !this.broken;
  }

  private ensureWorker(): Worker | null {
    if (this.broken) return null;
    if (this.worker) return this.worker;
    try {
      const worker = new Worker(new URL('./agreement.worker.ts', import.meta.url), { type: 'module', name: 'maieutic-agreement' });
      worker.addEventListener('message', (event: MessageEvent<AgreementWorkerResponse>) => this.onMessage(event.data));
      worker.addEventListener('error', (event) => this.onWorkerFailure(event.message || 'The agreement worker failed to start.'));
      this.worker = worker;
      return worker;
    } catch {
      this.broken = true;
      return null;
    }
  }

  private onMessage(response: AgreementWorkerResponse): void {
    const pending = this.pending.get(response.requestId);
    if (!pending) return;
    if (response.kind === 'progress') return pending.onProgress({ done: response.done, total: response.total });
    this.pending.delete(response.requestId);
    if (response.kind === 'done') pending.resolve(response.report);
    else pending.reject(new Error(response.message));
  }

  private onWorkerFailure(message: string): void {
    this.broken = true;
    this.worker?.terminate();
    this.worker = null;
    const open = [...this.pending.values()];
    this.pending.clear();
    for (const pending of open) pending.reject(new WorkerUnavailable(message));
  }

  async compute(input: ReviewLayerInput, onProgress: (progress: AgreementProgress) => void): Promise<LayerAgreementReport> {
    const worker = this.ensureWorker();
    if (worker) {
      try {
        const requestId = this.nextRequestId++;
        return await new Promise<LayerAgreementReport>((resolve, reject) => {
          this.pending.set(requestId, { onProgress, resolve, reject });
          worker.postMessage({ requestId, input } satisfies AgreementWorkerRequest);
        });
      } catch (error) {
        // A statistics error is the same on either thread: only a broken worker falls back.
        if (!(error instanceof WorkerUnavailable)) throw error;
      }
    }
    await nextFrame();
    return reviewLayerAgreement(input, (done, total) => onProgress({ done, total }));
  }
}

export const agreementClient = new AgreementClient();
