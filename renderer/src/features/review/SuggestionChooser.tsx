import type { KeyboardEvent } from 'react';
import type { Suggestion, SuggestionLayer } from '../../db/repositories/suggestions';
import type { ReviewTextApi } from './strings';
import { chosenLayerId, layerTitle } from './suggestion-choice';

interface SuggestionChooserProps {
  layers: readonly SuggestionLayer[];
  suggestion: Suggestion;
  text: ReviewTextApi;
  /** null: the imported pre-annotation */
  onChoose: (layerId: string | null) => void;
}

const IMPORTED_VALUE = '';

/**
 * Where the suggestion beside the expert's value comes from, for the whole data set. s / Shift+S
 * step through the same list from anywhere in the review; the list is for the mouse.
 */
export function SuggestionChooser({ layers, suggestion, text, onChoose }: SuggestionChooserProps) {
  const { t } = text;
  const chosen = chosenLayerId(suggestion);
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    // Back to the fields: Escape here closes the list, never the review.
    if (event.key === 'Escape' || event.key === 'Enter') {
      event.preventDefault();
      event.currentTarget.blur();
    }
  };
  return (
    <div className={`rv-suggestion${chosen === null ? '' : ' rv-suggestion-layer'}`} data-testid="suggestion-chooser" data-source={chosen === null ? 'imported' : `layer:${chosen}`}>
      <label>
        <span>{t('suggestionLabel')}</span>
        <select data-testid="suggestion-select" value={chosen ?? IMPORTED_VALUE} onChange={(event) => onChoose(event.target.value === IMPORTED_VALUE ? null : event.target.value)} onKeyDown={onKeyDown} tabIndex={-1}>
          <option value={IMPORTED_VALUE}>{t('suggestion.imported')}</option>
          {layers.map((layer) => (
            <option key={layer.id} value={layer.id}>
              {layerTitle(layer, text)}
            </option>
          ))}
        </select>
      </label>
      <span className="rv-hint">{t('suggestionKeys')}</span>
      {suggestion.kind === 'imported' && suggestion.missingLayerId !== null && (
        <span className="rv-note" role="status" data-testid="suggestion-layer-missing">
          {t('suggestionLayerMissing')}
        </span>
      )}
    </div>
  );
}
