import { encodeLayers, raterKey } from '../../../../shared/layers/encoded-layers';
import { layerPanelOfEncoded } from '../../../../shared/agreement/layer-panel';
import { DEFAULT_RATERS, pairAgreementOfEncoded } from '../../../../shared/agreement/review-layers';
import type { AgreementJob, AgreementResults } from './protocol';

/**
 * The pair report, then the all-layers report, with one progress count over both (worker and
 * main-thread fallback alike). The layers are encoded once, with every source of the panel (the
 * pair's raters are among them) or only the pair's raters without a panel.
 */
export function computeAgreementJob(job: AgreementJob, onProgress: (done: number, total: number) => void): AgreementResults {
  const pairRaters = job.pair.raters ?? DEFAULT_RATERS;
  const sources = job.panel ? [...job.panel.sources] : [...pairRaters];
  const keys = sources.map(raterKey);
  const pairIndices = pairRaters.map((source) => keys.indexOf(raterKey(source)));
  if (pairIndices.some((index) => index < 0)) throw new Error(`The compared pair (${pairRaters.map(raterKey).join(', ')}) must be among the sources (${keys.join(', ')}).`);
  const encoded = encodeLayers({ ...job.pair, sources });
  const steps = encoded.groups.length * encoded.fields.length;
  const total = steps * (job.panel ? 2 : 1);
  let done = 0;
  const step = () => onProgress(++done, total);
  const report = pairAgreementOfEncoded(encoded, [pairIndices[0], pairIndices[1]], job.pair.ordinalWeights ?? 'linear', step);
  const panel = job.panel ? layerPanelOfEncoded(encoded, job.panel.panel, job.panel.ordinalWeights ?? 'linear', step) : null;
  return { report, panel };
}
