import { useEffect, useMemo } from 'react';
import { fieldById } from '../../../../shared/codebook/lookup';
import { codebookForDataset, fieldName } from '../../codebook';
import { useAppStore } from '../../stores/app/store';
import { ruleCounts, selectItems, useConsistencyStore } from '../../stores/consistency/store';
import { useDatasetsStore } from '../../stores/datasets/store';
import { reviewStore } from '../../stores/review/store';
import { reportError } from '../../stores/notices/store';
import { filterFindings, type FindingItem, type FindingState } from './findings-model';
import { formatWhen } from './FindingsStrip';
import { useConsistencyText } from './strings';
import './consistency.css';

/** Rows drawn at most: a data set of 100k turns can have thousands of findings; the filters narrow them. */
const LIST_LIMIT = 500;

/** The data set's consistency findings: per rule, then the list, each row opening its turn in review. */
export function FindingsView({ datasetId }: { datasetId: string }) {
  const { t, lang } = useConsistencyText();
  const state = useConsistencyStore();
  const current = useDatasetsStore((store) => store.current);
  const codebook = codebookForDataset(current?.id === datasetId ? current : '').codebook;

  useEffect(() => {
    void state.load(datasetId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [datasetId]);

  const items = useMemo(() => selectItems(state), [state.findings, state.dismissals]);
  const counts = useMemo(() => (state.rules ? ruleCounts(state.rules, items) : []), [state.rules, items]);
  const shown = useMemo(() => filterFindings(items, state.filter), [items, state.filter]);

  const openAt = (item: FindingItem) => {
    const review = reviewStore.getState();
    review.startSession(item.finding.dialogueId);
    review.goToTurn(item.finding.turnIndex, item.finding.turnIndex + 1);
    review.focusField(item.finding.fieldId);
    const app = useAppStore.getState();
    app.setVisibleDialogueIds([...new Set(shown.map((row) => row.finding.dialogueId))]);
    app.openDialogue(item.finding.dialogueId, 'findings');
  };

  const ready = state.datasetId === datasetId && state.status === 'ready';
  return (
    <div className="cs-view" data-testid="findings-view" data-state={state.datasetId === datasetId ? state.status : 'loading'}>
      <h1>{t('title')}</h1>
      <p className="cs-muted">{t('intro')}</p>
      {(state.status === 'loading' || state.status === 'idle') && <p role="status">{t('loading')}</p>}
      {state.status === 'checking' && (
        <p role="status" data-testid="findings-progress">
          {t('checking', { done: state.progress.done, total: state.progress.total })}{' '}
          <progress max={Math.max(1, state.progress.total)} value={state.progress.done} />
        </p>
      )}
      {state.status === 'missing' && <p role="alert">{t('missing')}</p>}
      {state.status === 'error' && <p role="alert">{t('failed', { message: state.error ?? '' })}</p>}
      {ready && state.rules?.rules.length === 0 && <p>{t('noRules')}</p>}
      {ready && counts.length > 0 && (
        <>
          <table className="cs-table" data-testid="findings-rules">
            <thead>
              <tr>
                <th>{t('colRule')}</th>
                <th className="cs-num">{t('colOpen')}</th>
                <th className="cs-num">{t('colDismissed')}</th>
                <th className="cs-num">{t('colDialogues')}</th>
              </tr>
            </thead>
            <tbody>
              {counts.map((line) => (
                <tr key={line.ruleId} data-testid="finding-rule-row" data-rule-id={line.ruleId}>
                  <td>
                    <button type="button" className="cs-link" onClick={() => state.setFilter({ ruleId: line.ruleId })}>
                      {line.ruleId}
                    </button>
                    <div className="cs-rule-desc">{line.description[lang]}</div>
                  </td>
                  <td className="cs-num" data-testid="rule-open">
                    {line.open.count}
                  </td>
                  <td className="cs-num" data-testid="rule-dismissed">
                    {line.dismissed.count}
                  </td>
                  <td className="cs-num" data-testid="rule-dialogues">
                    {line.open.dialogues}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="cs-filters">
            <label>
              {t('filterRule')}
              <select data-testid="findings-filter-rule" value={state.filter.ruleId ?? ''} onChange={(event) => state.setFilter({ ruleId: event.target.value || null })}>
                <option value="">{t('allRules')}</option>
                {counts.map((line) => (
                  <option key={line.ruleId} value={line.ruleId}>
                    {line.ruleId}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('filterState')}
              <select data-testid="findings-filter-state" value={state.filter.state} onChange={(event) => state.setFilter({ state: event.target.value as FindingState | 'all' })}>
                <option value="open">{t('stateOpen')}</option>
                <option value="dismissed">{t('stateDismissed')}</option>
                <option value="all">{t('stateAll')}</option>
              </select>
            </label>
            <span className="cs-muted" data-testid="findings-list-count">
              {t('listCount', { shown: shown.length, total: items.length })}
            </span>
            <button type="button" onClick={() => void state.load(datasetId)}>
              {t('recheck')}
            </button>
          </div>
          {shown.length === 0 ? (
            <p className="cs-muted">{t('empty')}</p>
          ) : (
            <table className="cs-table" data-testid="findings-list">
              <thead>
                <tr>
                  <th>{t('colDialogue')}</th>
                  <th>{t('colTurn')}</th>
                  <th>{t('colReason')}</th>
                  <th>{t('colState')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.slice(0, LIST_LIMIT).map((item) => {
                  const field = fieldById(codebook, item.finding.fieldId);
                  return (
                    <tr
                      key={item.id}
                      className="cs-row-open"
                      data-testid="finding-row"
                      data-rule-id={item.finding.ruleId}
                      data-dialogue-id={item.finding.dialogueId}
                      data-turn-index={item.finding.turnIndex}
                      data-state={item.dismissal ? 'dismissed' : 'open'}
                      onClick={() => openAt(item)}
                    >
                      <td>
                        <button type="button" className="cs-link" data-testid="finding-open" onClick={(event) => (event.stopPropagation(), openAt(item))}>
                          {state.dialogueNames.get(item.finding.dialogueId) ?? item.finding.dialogueId}
                        </button>
                      </td>
                      <td>{t('turnField', { n: item.finding.turnIndex + 1, field: field ? fieldName(field, lang) : item.finding.fieldId })}</td>
                      <td>{item.finding.reason[lang]}</td>
                      <td>
                        {item.dismissal ? (
                          <>
                            <div className="cs-dismissal">
                              {t('dismissedBy', { who: item.dismissal.reviewer, when: formatWhen(item.dismissal.at, lang) })}: <q>{item.dismissal.note}</q>
                            </div>
                            <button
                              type="button"
                              data-testid="finding-restore"
                              onClick={(event) => {
                                event.stopPropagation();
                                void state.restore(item).catch((error: unknown) => reportError(error));
                              }}
                            >
                              {t('restore')}
                            </button>
                          </>
                        ) : (
                          t('stateOpen')
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          {shown.length > LIST_LIMIT && <p className="cs-muted">{t('listMore', { n: LIST_LIMIT })}</p>}
        </>
      )}
    </div>
  );
}
