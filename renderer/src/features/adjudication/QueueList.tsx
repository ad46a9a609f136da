import { useEffect, useRef } from 'react';
import type { AdjudicationItem } from '../../../../shared/adjudication/queue';
import type { Codebook } from '../../../../shared/codebook/types';
import { fieldById } from '../../../../shared/codebook/lookup';
import type { AdjudicationRow } from '../../../../shared/model/adjudication';
import type { DialogueContext } from '../../stores/adjudication/load';
import { useAdjudicationText } from './strings';

interface QueueListProps {
  codebook: Codebook;
  items: readonly AdjudicationItem[];
  records: Readonly<Record<string, AdjudicationRow>>;
  dialogues: Readonly<Record<string, DialogueContext>>;
  currentId: string | null;
  onSelect(itemId: string): void;
}

/** The queue, least agreement first; the current item stays in view as j/k move through it. */
export function QueueList({ codebook, items, records, dialogues, currentId, onSelect }: QueueListProps) {
  const { t, lang } = useAdjudicationText();
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    listRef.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [currentId]);
  return (
    <ol className="adj-queue" ref={listRef} aria-label={t('queueTitle')} data-testid="adjudication-queue">
      {items.map((item) => {
        const record = records[item.id];
        const status = record ? record.status : 'open';
        const field = fieldById(codebook, item.fieldId);
        return (
          <li key={item.id}>
            <button
              type="button"
              className={`adj-queue-item adj-status-${status}`}
              data-testid="adjudication-queue-item"
              data-item-id={item.id}
              data-status={status}
              aria-current={item.id === currentId ? 'true' : undefined}
              tabIndex={-1}
              onClick={() => onSelect(item.id)}
            >
              <span className="adj-queue-where">{t('turnOf', { dialogue: dialogues[item.dialogueId]?.name ?? item.dialogueId, n: item.turnIndex + 1 })}</span>
              <span className="adj-queue-field">{field?.name[lang] ?? item.fieldId}</span>
              <span className="adj-queue-score">{t('agreementScore', { pct: Math.round(item.pairAgreement * 100) })}</span>
              <span className="adj-queue-status">
                {t(`status.${status}`)}
                {record?.needsGuidelineUpdate ? ' ⚑' : ''}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
