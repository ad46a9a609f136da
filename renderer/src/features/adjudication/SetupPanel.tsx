import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { raterChoices, type RaterChoice } from '../../stores/agreement/rater-choice';
import { useAdjudicationStore } from '../../stores/adjudication/store';
import { useSettingsStore } from '../../stores/settings/store';
import { raterName } from '../agreement/rater-names';
import { pickFileToAttach } from '../agreement/attach-layer';
import { useAdjudicationText } from './strings';

/** Which layers to compare and who adjudicates; with no layer to compare, how to attach one. */
export function SetupPanel({ datasetId }: { datasetId: string }) {
  const { t, lang } = useAdjudicationText();
  const { data, chosen, toggleRater, start } = useAdjudicationStore(useShallow((state) => ({ data: state.data, chosen: state.chosen, toggleRater: state.toggleRater, start: state.start })));
  const reviewerName = useSettingsStore((state) => state.reviewerName);
  const setReviewerName = useSettingsStore((state) => state.setReviewerName);
  const [name, setName] = useState(reviewerName);
  const [starting, setStarting] = useState(false);
  if (!data) return null;

  if (data.layers.length === 0) {
    return (
      <div className="empty-state" data-testid="adjudication-no-layers">
        <h2>{t('noLayersTitle')}</h2>
        <p>{t('noLayersBody')}</p>
        <button type="button" className="primary" data-testid="adjudication-attach-layer" onClick={() => void pickFileToAttach(datasetId)}>
          {t('attachLayer')}
        </button>
      </div>
    );
  }

  const kindName = (choice: RaterChoice) => {
    const layer = data.layers.find((entry) => `layer:${entry.id}` === choice);
    return layer ? t(layer.kind === 'llm' ? 'kindLlm' : 'kindHuman') : '';
  };
  const trimmed = name.trim();
  const onStart = async () => {
    setStarting(true);
    try {
      if (trimmed !== reviewerName && !(await setReviewerName(trimmed))) return;
      await start(trimmed);
    } finally {
      setStarting(false);
    }
  };

  return (
    <form
      className="adj-setup"
      data-testid="adjudication-setup"
      onSubmit={(event) => {
        event.preventDefault();
        void onStart();
      }}
    >
      <fieldset>
        <legend>{t('setupTitle')}</legend>
        <p className="muted">{t('setupHelp')}</p>
        <ul className="adj-rater-list">
          {raterChoices(data.layers).map((choice) => {
            const position = chosen.indexOf(choice);
            return (
              <li key={choice}>
                <label>
                  <input type="checkbox" data-testid="adjudication-rater" data-choice={choice} checked={position >= 0} onChange={() => toggleRater(choice)} />
                  {raterName(choice, data.layers, lang)}
                  {kindName(choice) && <span className="rv-hint"> · {kindName(choice)}</span>}
                  {position >= 0 && <kbd className="adj-rater-number">{t('layerNumber', { n: position + 1 })}</kbd>}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <label className="adj-adjudicator">
        {t('adjudicator')}
        <input type="text" data-testid="adjudication-adjudicator" value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
      </label>
      <p className="muted">{t('adjudicatorHelp')}</p>
      {chosen.length < 2 && <p className="error-inline">{t('needTwo')}</p>}
      {trimmed === '' && <p className="error-inline">{t('needName')}</p>}
      <button type="submit" className="primary" data-testid="adjudication-start" disabled={chosen.length < 2 || trimmed === '' || starting}>
        {t('start')}
      </button>
      {starting && (
        <p className="loading" role="status" data-testid="adjudication-building">
          {t('building')}
        </p>
      )}
    </form>
  );
}
