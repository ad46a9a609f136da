/**
 * Choosing where the review's suggestion comes from: the imported pre-annotation or one of the
 * data set's annotation layers, stepped through with s / Shift+S or picked in the chooser.
 */
import type { Suggestion, SuggestionLayer } from '../../db/repositories/suggestions';
import type { ReviewTextApi } from './strings';

/** The chosen layer's id; null for the imported pre-annotation (also when it stands in for a missing layer). */
export const chosenLayerId = (suggestion: Suggestion): string | null => (suggestion.kind === 'layer' ? suggestion.layer.id : null);

/**
 * The source after `current` in the order the chooser lists them (imported first, then the
 * layers), wrapping around; null is the imported pre-annotation.
 */
export function steppedLayerId(layers: readonly SuggestionLayer[], current: string | null, direction: 1 | -1): string | null {
  const sources = [null, ...layers.map((layer) => layer.id)];
  const position = Math.max(0, sources.indexOf(current));
  return sources[(position + direction + sources.length) % sources.length];
}

/** A layer as the chooser and the column header name it: its name and kind. */
export function layerTitle(layer: SuggestionLayer, text: ReviewTextApi): string {
  return `${layer.name} (${text.t(`layerKind.${layer.kind}`)})`;
}

/** What the suggestion column is headed with. */
export function suggestionSourceTitle(suggestion: Suggestion, text: ReviewTextApi): string {
  return suggestion.kind === 'layer' ? layerTitle(suggestion.layer, text) : text.t('suggestion.imported');
}
