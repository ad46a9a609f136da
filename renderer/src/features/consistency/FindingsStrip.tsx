import { useState } from 'react';
import type { Codebook } from '../../../../shared/codebook/types';
import { fieldById } from '../../../../shared/codebook/lookup';
import { fieldName } from '../../codebook';
import { getDb } from '../../db/db';
import { dismissFinding, restoreFinding } from '../../db/repositories/finding-dismissals';
import { useCommands } from '../../keyboard/use-commands';
import { reportError } from '../../stores/notices/store';
import { useSettingsStore } from '../../stores/settings/store';
import { DismissForm } from './DismissForm';
import { nextOpenFinding, type FindingItem } from './findings-model';
import { useConsistencyText } from './strings';
import './consistency.css';

export interface FindingsCursor {
  /** the current turn's index in the dialogue (turn.index), and the field with the cursor */
  turnIndex: number;
  turnId: string | null;
  fieldId: string | null;
}

interface FindingsStripProps {
  datasetId: string;
  items: readonly FindingItem[];
  codebook: Codebook;
  /** read when a key runs: the cursor as it is now */
  cursor: () => FindingsCursor;
  goTo: (item: FindingItem) => void;
  /** runs the action once a reviewer name is set (asks for one first) */
  guarded: (action: () => void) => void;
}

export function formatWhen(at: string, lang: 'zh' | 'en'): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The dialogue's consistency findings above the conversation: a quiet line with the counts and
 * the list, open ones first in reading order. `c` goes to the next open one, `x` dismisses the
 * one at the cursor with a note.
 */
export function FindingsStrip({ datasetId, items, codebook, cursor, goTo, guarded }: FindingsStripProps) {
  const text = useConsistencyText();
  const { t, lang } = text;
  const [dismissing, setDismissing] = useState<FindingItem | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const open = items.filter((item) => !item.dismissal);

  const startDismiss = (item: FindingItem) => guarded(() => setDismissing(item));
  useCommands(
    'review',
    {
      'finding.next': () => {
        const next = nextOpenFinding(items, codebook, cursor());
        setStatus(next ? null : t('noOpenLeft'));
        if (next) goTo(next);
      },
      'finding.dismiss': () => {
        const here = cursor();
        const onTurn = open.filter((item) => item.finding.turnId === here.turnId);
        const target = onTurn.find((item) => item.finding.fieldId === here.fieldId) ?? onTurn[0];
        if (target) startDismiss(target);
      },
    },
    { enabled: dismissing === null },
  );

  const save = async (item: FindingItem, note: string) => {
    const reviewer = useSettingsStore.getState().reviewerName;
    try {
      await dismissFinding(getDb(), { datasetId, finding: item.finding, note, reviewer, at: new Date().toISOString() });
      setDismissing(null);
      return true;
    } catch (error) {
      reportError(error);
      return false;
    }
  };
  const restore = (item: FindingItem) => void restoreFinding(getDb(), item.id).catch((error: unknown) => reportError(error));

  if (items.length === 0) return null;
  const here = cursor();
  return (
    <section className="cs-strip" aria-label={t('stripLabel')} data-testid="findings-strip" data-open={open.length} data-dismissed={items.length - open.length}>
      <div className="cs-strip-head">
        <strong>◆ {t('stripLabel')}</strong>
        <span data-testid="findings-strip-summary">{t('stripSummary', { open: open.length, dismissed: items.length - open.length })}</span>
        <span className="cs-muted">
          <kbd>c</kbd> {t('nextKey')} · <kbd>x</kbd> {t('dismissKey')}
        </span>
        {status && (
          <span className="cs-muted" role="status">
            {status}
          </span>
        )}
      </div>
      <ol className="cs-strip-list">
        {[...open, ...items.filter((item) => item.dismissal)].map((item) => {
          const field = fieldById(codebook, item.finding.fieldId);
          const current = item.finding.turnId === here.turnId;
          return (
            <li
              key={item.id}
              className={`cs-item${item.dismissal ? ' cs-item-dismissed' : ''}${current ? ' cs-item-current' : ''}`}
              data-testid="finding-item"
              data-rule-id={item.finding.ruleId}
              data-turn-index={item.finding.turnIndex}
              data-field-id={item.finding.fieldId}
              data-state={item.dismissal ? 'dismissed' : 'open'}
            >
              <button type="button" className="cs-link" onClick={() => goTo(item)}>
                {t('turnField', { n: item.finding.turnIndex + 1, field: field ? fieldName(field, lang) : item.finding.fieldId })}
              </button>
              <span className="cs-reason" data-testid="finding-reason">
                {item.finding.reason[lang]}
              </span>
              {item.dismissal ? (
                <>
                  <span className="cs-dismissal" data-testid="finding-dismissal">
                    {t('dismissedBy', { who: item.dismissal.reviewer, when: formatWhen(item.dismissal.at, lang) })}: <q>{item.dismissal.note}</q>
                  </span>
                  <button type="button" data-testid="finding-restore" onClick={() => restore(item)}>
                    {t('restore')}
                  </button>
                </>
              ) : (
                <button type="button" data-testid="finding-dismiss" onClick={() => startDismiss(item)}>
                  {t('dismiss')}
                </button>
              )}
              {dismissing?.id === item.id && <DismissForm text={text} onSave={(note) => save(item, note)} onCancel={() => setDismissing(null)} />}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
