/**
 * The history of one field (or turn) in review: its audit entries newest first, as text. A modal
 * <dialog>: keys typed in it never reach review (useCommands ignores keys inside an open dialog);
 * Escape closes it and the focus goes back where it was.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Codebook } from '../../../../shared/codebook/types';
import { fieldById } from '../../../../shared/codebook/lookup';
import type { EditLogEntry } from '../../../../shared/model/edit-log';
import { REASON_WORDS, valueText } from '../../../../shared/audit/rows';
import { getDb } from '../../db/db';
import { loadDialogueHistory } from '../../db/repositories/audit';
import { shortTime } from './AuditView';
import { useAuditText } from './strings';
import './audit.css';

export interface HistoryTarget {
  dialogueId: string;
  turnId: string;
  /** null: the turn's own entries and those of all its fields */
  fieldId: string | null;
  turnNumber: number;
}

/** The entries about this field of this turn (in any layer), or about the turn. */
export function entriesOf(entries: readonly EditLogEntry[], target: HistoryTarget): EditLogEntry[] {
  return entries.filter((entry) => {
    const t = entry.target;
    if (t.kind === 'dialogue' || t.kind === 'dataset' || t.kind === 'rubric-score') return false;
    if (t.turnId !== target.turnId) return false;
    if (target.fieldId === null) return true;
    return t.kind !== 'turn' && t.fieldId === target.fieldId;
  });
}

export function HistoryPanel({ target, codebook, layerNames, onClose }: { target: HistoryTarget; codebook: Codebook; layerNames: Record<string, string>; onClose: () => void }) {
  const { t, lang } = useAuditText();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const [entries, setEntries] = useState<EditLogEntry[] | null>(null);

  useLayoutEffect(() => {
    returnFocus.current = document.activeElement;
    dialogRef.current?.showModal();
    return () => {
      const back = returnFocus.current;
      if (back instanceof HTMLElement) back.focus();
    };
  }, []);

  useEffect(() => {
    let live = true;
    void loadDialogueHistory(getDb(), target.dialogueId).then((all) => {
      if (live) setEntries(entriesOf(all, target));
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the target's parts, not the object made each render
  }, [target.dialogueId, target.turnId, target.fieldId]);

  const field = target.fieldId ? fieldById(codebook, target.fieldId) : undefined;
  const place = `${t('turnPlace', { n: target.turnNumber })}${target.fieldId ? ` · ${field?.name[lang] ?? target.fieldId}` : ''}`;
  return (
    <dialog
      ref={dialogRef}
      className="audit-history"
      data-testid="history-panel"
      aria-labelledby="audit-history-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <header>
        <h2 id="audit-history-title">{t('historyTitle', { place })}</h2>
        <button type="button" data-testid="history-close" onClick={onClose}>
          {t('historyClose')}
        </button>
      </header>
      {entries !== null && entries.length === 0 && <p data-testid="history-empty">{t('historyEmpty')}</p>}
      {entries !== null && entries.length > 0 && (
        <ol data-testid="history-entries">
          {entries.map((entry) => {
            const entryField = entry.target.kind === 'field' || entry.target.kind === 'layer-field' ? fieldById(codebook, entry.target.fieldId) : undefined;
            const layerId = entry.target.kind === 'layer-field' || entry.target.kind === 'turn' ? entry.target.layerId : undefined;
            const layer = layerId ? (layerNames[layerId] ?? layerId) : null;
            const reason = entry.reason ?? 'corrected';
            return (
              <li key={entry.seq} data-testid="history-entry" data-reason={reason}>
                <div className="audit-history-meta">
                  {shortTime(entry.at)} · {entry.reviewer} · {REASON_WORDS[reason][lang]}
                  {layer ? ` · ${layer}` : ''}
                  {target.fieldId === null && entryField ? ` · ${entryField.name[lang]}` : ''}
                </div>
                <div>
                  {valueText(entry.before, entryField, lang)} → {valueText(entry.after, entryField, lang)}
                </div>
                {entry.note && <div className="audit-history-meta">{entry.note}</div>}
              </li>
            );
          })}
        </ol>
      )}
    </dialog>
  );
}
