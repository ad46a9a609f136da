import type { MetricLayer, MetricRunRow } from '../../../../shared/model/metric-run';
import type { LayerOption } from '../../stores/agreement/rater-choice';
import { metricsText } from './strings';
import type { LabelLanguage } from '../../../../shared/codebook/types';

/** The layer's name as the reader knows it: the built-in raters' names, or the attached layer's own. */
export function layerName(layer: MetricLayer, storedName: string, layers: readonly LayerOption[], lang: LabelLanguage): string {
  if (layer.kind === 'verified') return metricsText(lang, 'sourceExpert');
  if (layer.kind === 'llm') return metricsText(lang, 'sourcePre');
  const name = layers.find((candidate) => candidate.id === layer.layerId)?.name ?? storedName;
  return metricsText(lang, 'layerAttached', { name });
}

export function runLayerName(run: MetricRunRow, layers: readonly LayerOption[], lang: LabelLanguage): string {
  return layerName(run.layer, run.layerName, layers, lang);
}

/** The group's name: "All" for every dialogue, else the teacher model as imported or corrected. */
export function groupName(group: string, lang: LabelLanguage, overall = false): string {
  return overall ? metricsText(lang, 'all') : group;
}

/** Local date and time, to the minute. */
export function runTime(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "Run 3", or "Run 3 · before the second pass" when the reader named it: what tells runs apart. */
export function runTitle(run: Pick<MetricRunRow, 'sequence' | 'name'>, lang: LabelLanguage): string {
  const number = run.sequence === undefined ? metricsText(lang, 'runUnnumbered') : metricsText(lang, 'runNumber', { n: run.sequence });
  return run.name ? metricsText(lang, 'runNamed', { number, name: run.name }) : number;
}
