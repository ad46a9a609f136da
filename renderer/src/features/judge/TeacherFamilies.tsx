import { useEffect, useMemo, useState } from 'react';
import { compareNames } from '../../../../shared/import/natural-order';
import { useConnectionsStore } from '../../stores/connections/store';
import { knownFamilies, suggestFamilies } from '../../stores/judge/families';
import type { JudgeReport } from '../../stores/judge/run-judge';
import { useJudgeStore } from '../../stores/judge/store';
import type { JudgeTextApi } from './strings';

/**
 * Teacher model → family, editable. A model with no saved family shows the suggestion from its
 * name (marked as such); nothing is used by the check until the expert presses Save.
 */
export function TeacherFamilies({ report, text }: { report: JudgeReport; text: JudgeTextApi }) {
  const { t } = text;
  const connections = useConnectionsStore((s) => s.connections);
  const familiesSave = useJudgeStore((s) => s.familiesSave);
  const models = useMemo(() => [...new Set(report.table.cells.map((cell) => cell.group))].sort(compareNames), [report.table]);
  const suggestions = useMemo(
    () => suggestFamilies(models, knownFamilies([...connections.map((connection) => connection.family), ...Object.values(report.judgeFamilies)])),
    [models, connections, report.judgeFamilies],
  );
  const saved = report.teacherFamiliesSaved;
  const initial = () => Object.fromEntries(models.map((model) => [model, saved[model] ?? suggestions[model] ?? '']));
  const [draft, setDraft] = useState<Record<string, string>>(initial);
  const savedKey = JSON.stringify([saved, suggestions]);
  // a recomputed report (after Save) or newly listed connections start the form again from what is stored
  useEffect(() => setDraft(initial()), [savedKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const dirty = models.some((model) => (draft[model] ?? '').trim() !== (saved[model] ?? ''));

  return (
    <div className="judge-families" data-testid="teacher-families">
      <h3>{t('familiesTitle')}</h3>
      <p className="judge-intro">{t('familiesHint')}</p>
      <table className="judge-table">
        <thead>
          <tr>
            <th scope="col">{t('familiesModel')}</th>
            <th scope="col">{t('familiesFamily')}</th>
          </tr>
        </thead>
        <tbody>
          {models.map((model) => {
            const suggested = saved[model] === undefined && suggestions[model] !== undefined && draft[model] === suggestions[model];
            return (
              <tr key={model}>
                <th scope="row">{model}</th>
                <td className="judge-family-cell">
                  <input
                    type="text"
                    data-testid="family-input"
                    data-model={model}
                    data-suggested={suggested}
                    className={suggested ? 'suggested' : undefined}
                    aria-label={`${t('familiesFamily')}: ${model}`}
                    value={draft[model] ?? ''}
                    maxLength={40}
                    spellCheck={false}
                    onChange={(event) => setDraft({ ...draft, [model]: event.target.value })}
                  />
                  {suggested && <span className="judge-suggested">{t('familiesSuggested')}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="judge-families-actions">
        <button type="button" data-testid="families-save" disabled={familiesSave?.status === 'working'} onClick={() => void useJudgeStore.getState().saveTeacherFamilies(draft)}>
          {t('familiesSave')}
        </button>
        <span role="status" data-testid="families-status" data-status={dirty ? 'dirty' : (familiesSave?.status ?? '')}>
          {dirty ? t('familiesUnsaved') : familiesSave?.status === 'saved' ? t('familiesSaved') : familiesSave?.status === 'working' ? t('familiesSaving') : familiesSave?.status === 'error' ? t('familiesFailed', { message: familiesSave.message ?? '' }) : ''}
        </span>
      </div>
    </div>
  );
}
