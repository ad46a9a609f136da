import type { LabelLanguage } from '../../../../shared/codebook/types';
import { chosenLayerId, type LayerOption, type RaterChoice, type RaterPair } from '../../stores/agreement/rater-choice';
import { agreementText } from './strings';

/** "LLM pre-annotation", "Expert (verified)" or the attached layer's name as the user gave it. */
export function raterName(choice: RaterChoice, layers: readonly LayerOption[], lang: LabelLanguage): string {
  if (choice === 'pre') return agreementText(lang, 'sourcePre');
  if (choice === 'expert') return agreementText(lang, 'sourceExpert');
  const layerId = chosenLayerId(choice);
  return layers.find((layer) => layer.id === layerId)?.name ?? layerId ?? choice;
}

export function raterNames(pair: RaterPair, layers: readonly LayerOption[], lang: LabelLanguage): readonly [string, string] {
  return [raterName(pair[0], layers, lang), raterName(pair[1], layers, lang)];
}
