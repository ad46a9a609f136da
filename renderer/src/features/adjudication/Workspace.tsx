import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { fieldById } from '../../../../shared/codebook/lookup';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ProgressBar } from '../../components/ProgressBar';
import { ADJUDICATION_PICKS } from '../../keyboard/keymap';
import { useCommands } from '../../keyboard';
import { useAdjudicationStore } from '../../stores/adjudication/store';
import { queueCounts, visibleItems } from '../../stores/adjudication/selectors';
import type { AdjudicationCommand } from './handled-commands';
import { CodebookPanel } from '../codebook/CodebookPanel';
import { focusCodebookSearch } from '../codebook/search-focus';
import { ItemPanel } from './ItemPanel';
import { raterKeyName } from './names';
import { QueueFilters } from './QueueFilters';
import { QueueList } from './QueueList';
import { useAdjudicationText } from './strings';

/** The queue beside the item shown, the counts above them; the keys act on the item in the store when pressed. */
export function Workspace() {
  const { t, lang } = useAdjudicationText();
  const state = useAdjudicationStore(
    useShallow((s) => ({
      data: s.data,
      codebook: s.codebook,
      queue: s.queue,
      records: s.records,
      filter: s.filter,
      currentId: s.currentId,
      drafts: s.drafts,
      editor: s.editor,
      message: s.message,
      pendingWrites: s.pendingWrites,
      adjudicatorName: s.adjudicatorName,
    })),
  );
  const actions = useAdjudicationStore.getState();
  const [confirming, setConfirming] = useState(false);
  const { queue: shownQueue, filter, records } = state;
  const items = useMemo(() => visibleItems({ queue: shownQueue, filter, records }), [shownQueue, filter, records]);
  const counts = useMemo(() => queueCounts({ queue: shownQueue, filter, records }), [shownQueue, filter, records]);

  const handlers = useMemo(() => {
    const current = () => useAdjudicationStore.getState().currentId;
    const onCurrent = (action: (itemId: string) => void) => () => {
      const itemId = current();
      if (itemId) action(itemId);
    };
    const table: Record<AdjudicationCommand, () => void> = {
      ...(Object.fromEntries(ADJUDICATION_PICKS.map(({ command, position }) => [command, onCurrent((itemId) => useAdjudicationStore.getState().pickRater(itemId, position))])) as Record<(typeof ADJUDICATION_PICKS)[number]['command'], () => void>),
      'adjudication.other': onCurrent(() => useAdjudicationStore.getState().setEditor('other')),
      'adjudication.flag': onCurrent((itemId) => useAdjudicationStore.getState().toggleGuidelineFlag(itemId)),
      'adjudication.note': onCurrent(() => useAdjudicationStore.getState().setEditor('note')),
      'adjudication.unresolved': onCurrent((itemId) => useAdjudicationStore.getState().leaveUnresolved(itemId)),
      'adjudication.next': () => useAdjudicationStore.getState().move(1),
      'adjudication.prev': () => useAdjudicationStore.getState().move(-1),
      'adjudication.undo': () => useAdjudicationStore.getState().undoLast(),
      'adjudication.codebook': () => {
        focusCodebookSearch();
      },
    };
    return table;
  }, []);
  // an open editor or the confirmation owns the keys (Ctrl+Z there undoes typing, not a decision)
  useCommands('adjudication', handlers, { enabled: state.editor === null && !confirming });

  const { data, codebook, queue } = state;
  if (!data || !codebook || !queue) return null;
  const item = items.find((candidate) => candidate.id === state.currentId);
  const field = item ? fieldById(codebook, item.fieldId) : undefined;
  const openUnanimous = counts.unanimous - counts.unanimousAccepted;
  const handled = counts.adjudicated + counts.unresolved;

  return (
    <div className="adj-workspace">
      <div className="adj-summary">
        <p data-testid="adjudication-comparing">{t('comparing', { names: queue.raterKeys.map((key, index) => `${index + 1} ${raterKeyName(key, data.layers, lang)}`).join(' · ') })}</p>
        <p data-testid="adjudication-progress" data-done={counts.adjudicated} data-unresolved={counts.unresolved} data-open={counts.open} data-total={counts.shown} data-disagreements={counts.disagreements}>
          {t('progress', { done: counts.adjudicated, total: counts.shown, unresolved: counts.unresolved, open: counts.open })}
          {counts.flagged > 0 && ` · ${t('flaggedCount', { n: counts.flagged })}`}
          {' · '}
          <span data-testid="adjudication-save-state">{state.pendingWrites > 0 ? t('saving', { n: state.pendingWrites }) : t('saved')}</span>
        </p>
        <ProgressBar value={counts.shown > 0 ? handled / counts.shown : 1} label={t('progressLabel')} tone={counts.open === 0 ? 'done' : 'neutral'} />
        <p data-testid="adjudication-unanimous" data-count={counts.unanimous} data-accepted={counts.unanimousAccepted}>
          {t('unanimousLine', { n: counts.unanimous, accepted: counts.unanimousAccepted })}{' '}
          <button type="button" data-testid="adjudication-accept-unanimous" disabled={openUnanimous === 0} onClick={() => setConfirming(true)}>
            {t('acceptUnanimous', { n: openUnanimous })}
          </button>
        </p>
        {queue.tooFewValues > 0 && <p className="muted">{t('tooFew', { n: queue.tooFewValues })}</p>}
      </div>

      {queue.disagreements.length === 0 ? (
        <div className="empty-state" data-testid="adjudication-no-disagreements">
          <h2>{t('noDisagreementsTitle')}</h2>
          <p>{t('noDisagreementsBody', { n: counts.unanimous })}</p>
        </div>
      ) : (
        <>
          <QueueFilters codebook={codebook} items={queue.disagreements} raterKeys={queue.raterKeys} layers={data.layers} filter={state.filter} onChange={actions.setFilter} />
          {items.length === 0 ? (
            <div className="empty-state compact" data-testid="adjudication-filter-empty">
              <p>{t('noMatchTitle')}</p>
              <button type="button" onClick={() => actions.setFilter({})}>
                {t('clearFilters')}
              </button>
            </div>
          ) : (
            <div className="adj-panes">
              <QueueList codebook={codebook} items={items} records={state.records} dialogues={data.dialogues} currentId={state.currentId} onSelect={actions.select} />
              {item && field ? (
                <div className="adj-item-column">
                  <ItemPanel
                    item={item}
                    field={field}
                    record={state.records[item.id]}
                    draft={state.drafts[item.id]}
                    dialogue={data.dialogues[item.dialogueId]}
                    layers={data.layers}
                    editor={state.editor}
                    message={state.message}
                    onPick={(position) => actions.pickRater(item.id, position)}
                    onDecideValue={(codes) => actions.decideValue(item.id, codes)}
                    onUnresolved={() => actions.leaveUnresolved(item.id)}
                    onToggleFlag={() => actions.toggleGuidelineFlag(item.id)}
                    onSaveNote={(note) => actions.setNote(item.id, note)}
                    onEditor={actions.setEditor}
                  />
                  <CodebookPanel field={field} codebook={codebook} focusCommand="adjudication.codebook" dataset={{ codebookHash: data.codebookHash }} />
                </div>
              ) : (
                <p className="status-line">{t('allDone')}</p>
              )}
            </div>
          )}
          <p className="key-hint">{t('keyHint', { n: Math.min(queue.raterKeys.length, 9) })}</p>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('acceptUnanimousTitle', { n: openUnanimous })}
        confirmLabel={t('accept')}
        cancelLabel={t('cancel')}
        onConfirm={() => {
          actions.acceptUnanimous();
          setConfirming(false);
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('acceptUnanimousBody', { n: openUnanimous, name: state.adjudicatorName })}</p>
      </ConfirmDialog>
    </div>
  );
}
