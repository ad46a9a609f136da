import { DEFAULT_CODEBOOK, fieldAppliesTo } from '../../shared/codebook';
import { comparableFields, EXPERT_SOURCE, PRE_SOURCE, type RaterSource, type ReviewLayerReview, type ReviewLayerTurn } from '../../shared/agreement/review-layers';
import type { FieldValue, FieldValues } from '../../shared/model/dataset';
import { encodeLayers } from '../../shared/layers/encoded-layers';
import { layerPanelOfEncoded } from '../../shared/agreement/layer-panel';
import { pairAgreementOfEncoded } from '../../shared/agreement/review-layers';
import { computeAgreementJob } from '../../renderer/src/stores/agreement/compute-job';
import type { AgreementJob } from '../../renderer/src/stores/agreement/protocol';
import type { BenchSection } from './sections';
import { drawCodes, median, random, round } from './bench-math';

const TURNS = 100_000;
const GROUPS = ['DeepSeek-V3', 'GPT-4o', 'Qwen'];
/** chance that the expert and the attached layer keep the pre-annotation's label */
const AGREEMENT = 0.7;
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);

const value = (codes: string[]): FieldValue => ({ raw: codes.join(', '), codes, unknown: [], status: codes.length === 0 ? 'empty' : 'ok' });

/** The agreement view's input for 100,000 reviewed turns: pre-annotation, expert (every field decided) and one attached layer. */
export function viewJob(): AgreementJob {
  const next = random(23);
  const fields = comparableFields(DEFAULT_CODEBOOK).filter((field) => field.id !== 'speaker');
  const turns: ReviewLayerTurn[] = [];
  const fieldReviews: ReviewLayerReview[] = [];
  const layerValues: Record<string, FieldValues> = {};
  for (let index = 0; index < TURNS; index++) {
    const id = `t${index}`;
    const speaker = index % 2 === 0 ? 'student' : 'teacher';
    const pre: FieldValues = {};
    const layer: FieldValues = {};
    for (const field of fields) {
      if (!fieldAppliesTo(field, speaker)) continue;
      const codes = drawCodes(field, next);
      pre[field.id] = value(codes);
      layer[field.id] = value(next() < AGREEMENT ? codes : drawCodes(field, next));
      const expert = next() < AGREEMENT ? codes : drawCodes(field, next);
      fieldReviews.push({ turnId: id, fieldId: field.id, decision: expert === codes ? 'accepted' : 'changed', codes: expert });
    }
    turns.push({ id, speaker, pre, group: GROUPS[Math.floor(index / 20) % GROUPS.length] });
    layerValues[id] = layer;
  }
  const layer: RaterSource = { kind: 'layer', id: 'annotator-b', values: layerValues };
  const common = { codebook: DEFAULT_CODEBOOK, turns, fieldReviews, perGroup: true, ordinalWeights: 'linear' as const };
  return {
    pair: { ...common, raters: [PRE_SOURCE, EXPERT_SOURCE] },
    panel: { ...common, sources: [PRE_SOURCE, EXPERT_SOURCE, layer], panel: ['llm', 'expert', 'layer:annotator-b'] },
  };
}

/**
 * What the agreement view computes in its worker for 100,000 reviewed turns × 3 layers (LLM
 * pre-annotation, expert, an attached layer), every label field, all turns and per teacher model
 * (3): the pair report (Table VI with confusion cells) and the all-layers report (pairwise κ,
 * Fleiss, alpha). Median of 3 (ms): `encodeMs` reading the layers into typed arrays, `pairMs` and
 * `panelMs` the two reports on them, `totalMs` the whole job as the worker runs it (all three);
 * `allTurnsOnlyMs` the whole job without the per-model groups (the "100,000 turns" report alone).
 */
export const agreementViewSection: BenchSection = {
  name: 'agreementView',
  async run() {
    const job = viewJob();
    computeAgreementJob(job, () => undefined); // warm-up: JIT
    const runs = { encodeMs: [] as number[], pairMs: [] as number[], panelMs: [] as number[], totalMs: [] as number[], allTurnsOnlyMs: [] as number[] };
    const sources = job.panel?.sources ?? [];
    for (let i = 0; i < REPEATS; i++) {
      const start = performance.now();
      const encoded = encodeLayers({ ...job.pair, sources });
      const encodedAt = performance.now();
      pairAgreementOfEncoded(encoded, [0, 1], 'linear');
      const pairAt = performance.now();
      layerPanelOfEncoded(encoded, job.panel?.panel ?? [], 'linear');
      const panelAt = performance.now();
      computeAgreementJob(job, () => undefined);
      const end = performance.now();
      runs.encodeMs.push(encodedAt - start);
      runs.pairMs.push(pairAt - encodedAt);
      runs.panelMs.push(panelAt - pairAt);
      runs.totalMs.push(end - panelAt);
      const single = performance.now();
      computeAgreementJob({ pair: { ...job.pair, perGroup: false }, panel: job.panel && { ...job.panel, perGroup: false } }, () => undefined);
      runs.allTurnsOnlyMs.push(performance.now() - single);
    }
    return {
      turns: TURNS,
      layers: 3,
      groups: GROUPS.length + 1,
      fieldReviews: job.pair.fieldReviews.length,
      ...Object.fromEntries(Object.entries(runs).map(([name, values]) => [name, round(median(values))])),
    };
  },
};
