import { layerPanelAgreement } from '../../../../shared/agreement/layer-panel';
import { reviewLayerAgreement } from '../../../../shared/agreement/review-layers';
import type { AgreementJob, AgreementResults } from './protocol';

/** The pair report, then the all-layers report, with one progress count over both (worker and main-thread fallback alike). */
export function computeAgreementJob(job: AgreementJob, onProgress: (done: number, total: number) => void): AgreementResults {
  let pairTotal = 0;
  let pairDone = 0;
  let panelTotal = 0;
  let panelDone = 0;
  // The panel's total is unknown until it starts: count it as one step per field of the pair until then.
  const report = reviewLayerAgreement(job.pair, (done, total) => {
    pairDone = done;
    pairTotal = total;
    onProgress(pairDone, pairTotal * (job.panel ? 2 : 1));
  });
  const panel = job.panel
    ? layerPanelAgreement(job.panel, (done, total) => {
        panelDone = done;
        panelTotal = total;
        onProgress(pairDone + panelDone, pairTotal + panelTotal);
      })
    : null;
  return { report, panel };
}
