import { useLayoutEffect, useRef } from 'react';
import { getDb } from '../../db/db';
import type { ReviewBundle } from '../../db/repositories/reviews';
import { chooseSuggestionLayer } from '../../db/repositories/suggestions';
import { reportError } from '../../stores/notices/store';
import { reviewStore } from '../../stores/review/store';
import { chosenLayerId, steppedLayerId } from './suggestion-choice';

export interface SuggestionChoiceActions {
  /** null: the imported pre-annotation */
  choose: (layerId: string | null) => void;
  /** s / Shift+S: the next (previous) source in the chooser's order */
  step: (direction: 1 | -1) => void;
}

/**
 * Writes the data set's suggestion choice; the review bundle, a live query over it, then shows
 * the new source. A step taken before that render arrives starts from the choice just written,
 * so two quick presses move two places.
 */
export function useSuggestionChoice(bundle: ReviewBundle): SuggestionChoiceActions {
  const latest = useRef(bundle);
  const pending = useRef<{ layerId: string | null } | null>(null);
  useLayoutEffect(() => {
    latest.current = bundle;
    if (pending.current && pending.current.layerId === chosenLayerId(bundle.suggestion)) pending.current = null;
  });

  const choose = (layerId: string | null) => {
    const { dialogue, layers } = latest.current;
    const request = { layerId };
    pending.current = request;
    chooseSuggestionLayer(getDb(), dialogue.datasetId, layerId).then(
      () => {
        if (reviewStore.getState().dialogueId !== dialogue.id) return;
        reviewStore.getState().setNotice({ kind: 'suggestion-changed', layer: layers.find((layer) => layer.id === layerId) ?? null });
      },
      (error: unknown) => {
        if (pending.current === request) pending.current = null;
        reportError(error, 'notice.context.saveSettings');
      },
    );
  };

  const step = (direction: 1 | -1) => {
    const { layers, suggestion } = latest.current;
    if (layers.length === 0) {
      reviewStore.getState().setNotice({ kind: 'no-suggestion-layers' });
      return;
    }
    const current = pending.current ? pending.current.layerId : chosenLayerId(suggestion);
    choose(steppedLayerId(layers, current, direction));
  };

  return { choose, step };
}
