/**
 * The two raters the agreement view compares, as the user picks them: the LLM pre-annotation,
 * the expert layer, or an attached annotation layer of the data set (by id).
 */
import { EXPERT_RATER, EXPERT_SOURCE, LLM_RATER, PRE_SOURCE, type RaterSource } from '../../../../shared/agreement/review-layers';
import type { FieldValues } from '../../../../shared/model/dataset';
import type { LayerKind } from '../../../../shared/model/layer';

export type RaterChoice = 'pre' | 'expert' | `layer:${string}`;
export type RaterPair = readonly [RaterChoice, RaterChoice];

export const DEFAULT_RATER_PAIR: RaterPair = ['pre', 'expert'];

/** An attached layer as the rater pickers list it. */
export interface LayerOption {
  id: string;
  name: string;
  kind: LayerKind;
}

export function layerChoice(layerId: string): RaterChoice {
  return `layer:${layerId}`;
}

/** The layer id of a layer choice; null for the pre-annotation and the expert. */
export function chosenLayerId(choice: RaterChoice): string | null {
  return choice.startsWith('layer:') ? choice.slice('layer:'.length) : null;
}

/** Every choice the data set offers, pre-annotation and expert first, then its layers oldest first. */
export function raterChoices(layers: readonly LayerOption[]): RaterChoice[] {
  return ['pre', 'expert', ...layers.map((layer) => layerChoice(layer.id))];
}

/**
 * The pair to compute: a chosen layer that the data set no longer has falls back to the default
 * of its side, and a pair that would name one source twice falls back to the default pair.
 */
export function availablePair(pair: RaterPair, layers: readonly LayerOption[]): RaterPair {
  const offered = new Set(raterChoices(layers));
  const resolved: RaterPair = [offered.has(pair[0]) ? pair[0] : DEFAULT_RATER_PAIR[0], offered.has(pair[1]) ? pair[1] : DEFAULT_RATER_PAIR[1]];
  return resolved[0] === resolved[1] ? DEFAULT_RATER_PAIR : resolved;
}

/** The source the computation reads; `valuesOf` holds the values per turn of every chosen layer. */
export function raterSource(choice: RaterChoice, valuesOf: ReadonlyMap<string, Readonly<Record<string, FieldValues>>>): RaterSource {
  if (choice === 'pre') return PRE_SOURCE;
  if (choice === 'expert') return EXPERT_SOURCE;
  const layerId = chosenLayerId(choice) ?? '';
  const values = valuesOf.get(layerId);
  if (!values) throw new Error(`The values of annotation layer ${layerId} were not loaded.`);
  return { kind: 'layer', id: layerId, values };
}

/**
 * The CSV column suffix of a rater: `llm` and `expert` as before, `layer_<name>` for an attached
 * layer (letters and digits of any script kept, everything else an underscore).
 */
export function raterColumnKey(choice: RaterChoice, layers: readonly LayerOption[]): string {
  if (choice === 'pre') return 'llm';
  if (choice === 'expert') return 'expert';
  const layerId = chosenLayerId(choice);
  const name = layers.find((layer) => layer.id === layerId)?.name ?? layerId ?? '';
  return `layer_${name.replace(/[^\p{L}\p{N}]+/gu, '_')}`;
}

/**
 * The sources pooled for Fleiss' kappa and alpha across layers: the user's choice, minus layers
 * the data set no longer has; by default (no choice) the expert and every human layer.
 */
export function availablePanel(choice: readonly RaterChoice[] | null, layers: readonly LayerOption[]): RaterChoice[] {
  const offered = raterChoices(layers);
  if (choice === null) return ['expert', ...layers.filter((layer) => layer.kind === 'human').map((layer) => layerChoice(layer.id))];
  return offered.filter((candidate) => choice.includes(candidate));
}

/** The key a choice has in the computed reports (`llm`, `expert`, `layer:<id>`: raterKey of its source). */
export function raterSourceKey(choice: RaterChoice): string {
  return choice === 'pre' ? LLM_RATER : choice === 'expert' ? EXPERT_RATER : choice;
}
