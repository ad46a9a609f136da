import type { FieldDef, LabelLanguage } from '../../../../shared/codebook/types';
import { labelByCode, labelName } from '../../../../shared/codebook/lookup';
import type { LayerOption, RaterChoice } from '../../stores/agreement/rater-choice';
import { raterName } from '../agreement/rater-names';

/** The rater choice of a rater key of the queue (`llm` is the pre-annotation's key). */
export function choiceOfKey(key: string): RaterChoice {
  return key === 'llm' ? 'pre' : key === 'expert' ? 'expert' : (key as RaterChoice);
}

/** The name of a rater key as the agreement view shows it. */
export function raterKeyName(key: string, layers: readonly LayerOption[], lang: LabelLanguage): string {
  return raterName(choiceOfKey(key), layers, lang);
}

/** A value in words (label names in `lang`), for titles and filters where chips do not fit. */
export function codesText(field: FieldDef, codes: readonly string[], lang: LabelLanguage, emptySet: string): string {
  if (codes.length === 0) return emptySet;
  return codes.map((code) => {
    const label = labelByCode(field, code);
    return label ? labelName(label, lang) : code;
  }).join(', ');
}
