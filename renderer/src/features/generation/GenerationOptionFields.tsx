import type { RubricSetRow } from '../../../../shared/model/judge';
import type { GenerationDialogChoices } from './dialog-choices';
import type { GenerationTextApi } from './strings';

interface OptionFieldsProps {
  text: GenerationTextApi;
  choices: GenerationDialogChoices;
  onChange(patch: Partial<GenerationDialogChoices>): void;
  rubricSets: readonly RubricSetRow[];
  preferenceAvailable: boolean;
}

/** The budget, the safety check and the preference pairs of the Start-generation dialog. */
export function GenerationOptionFields({ text, choices, onChange, rubricSets, preferenceAvailable }: OptionFieldsProps) {
  const { t, lang } = text;
  return (
    <>
      <fieldset className="choice-group">
        <legend>{t('budget')}</legend>
        <div className="button-row">
          <label className="stacked-field">
            <span>{t('maxTokens')}</span>
            <input type="number" min={1} data-testid="start-generation-max-tokens" value={choices.maxTokens} onChange={(event) => onChange({ maxTokens: event.target.value })} />
          </label>
          <label className="stacked-field">
            <span>{t('maxCost')}</span>
            <input type="number" min={0} step="any" data-testid="start-generation-max-cost" value={choices.maxCost} onChange={(event) => onChange({ maxCost: event.target.value })} />
          </label>
        </div>
      </fieldset>
      <fieldset className="choice-group">
        <legend>{t('safety')}</legend>
        <label className="stacked-field">
          <span>{t('safetyWords')}</span>
          <textarea rows={3} data-testid="start-generation-safety-words" value={choices.safetyWords} onChange={(event) => onChange({ safetyWords: event.target.value })} />
        </label>
        <label className="radio">
          <input type="checkbox" data-testid="start-generation-safety-judge" checked={choices.safetyJudgeOn} onChange={(event) => onChange({ safetyJudgeOn: event.target.checked })} />
          <span>{t('safetyJudge')}</span>
        </label>
        {choices.safetyJudgeOn && (
          <div className="button-row">
            <label className="stacked-field">
              <span>{t('safetyRubricSet')}</span>
              <select
                data-testid="start-generation-safety-rubric-set"
                value={rubricSets.find((row) => row.set === choices.safetyRubricSet)?.id ?? ''}
                onChange={(event) => onChange({ safetyRubricSet: rubricSets.find((row) => row.id === event.target.value)?.set ?? null })}
              >
                {rubricSets.map((row) => (
                  <option key={row.id} value={row.id}>
                    {row.set.name[lang]} · {row.setId} v{row.version} · {row.hash.slice(0, 8)}
                  </option>
                ))}
              </select>
            </label>
            <label className="stacked-field">
              <span>{t('safetyMinScore')}</span>
              <input type="number" data-testid="start-generation-safety-min-score" value={choices.safetyMinScore} onChange={(event) => onChange({ safetyMinScore: event.target.value })} />
            </label>
          </div>
        )}
      </fieldset>
      <fieldset className="choice-group">
        <legend>{t('preference')}</legend>
        {preferenceAvailable ? (
          <>
            <label className="radio">
              <input type="checkbox" data-testid="start-generation-preference" checked={choices.preferenceOn} onChange={(event) => onChange({ preferenceOn: event.target.checked })} />
              <span>{t('preferenceToggle')}</span>
            </label>
            {choices.preferenceOn && (
              <div className="button-row">
                <label className="stacked-field">
                  <span>{t('preferenceTurns')}</span>
                  <input type="text" data-testid="start-generation-preference-turns" value={choices.preferenceTurns} onChange={(event) => onChange({ preferenceTurns: event.target.value })} />
                </label>
                <label className="stacked-field">
                  <span>{t('preferenceCandidates')}</span>
                  <input type="number" min={2} data-testid="start-generation-preference-candidates" value={choices.candidates} onChange={(event) => onChange({ candidates: event.target.value })} />
                </label>
              </div>
            )}
          </>
        ) : (
          <p className="muted" data-testid="start-generation-preference-unavailable">
            {t('preferenceUnavailable')}
          </p>
        )}
      </fieldset>
    </>
  );
}
