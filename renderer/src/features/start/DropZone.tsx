import { useState, type DragEvent } from 'react';
import { useT } from '../../i18n';
import { reportError } from '../../stores/notices/store';
import { plainFileEntry, readDroppedEntries, type EntryLike } from './read-dropped-entries';
import type { SourceFile } from '../../../../shared/model/dataset';

interface DropZoneProps {
  disabled?: boolean;
  onFiles(files: SourceFile[], skipped: { name: string; reason: string }[]): void;
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

export function DropZone({ disabled = false, onFiles }: DropZoneProps) {
  const t = useT();
  const [over, setOver] = useState(false);
  const [reading, setReading] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled || reading) return;
    // Entries must be taken synchronously: the DataTransfer is emptied once this handler returns.
    const entries: EntryLike[] = [];
    for (const item of Array.from(event.dataTransfer.items)) {
      if (item.kind !== 'file') continue;
      const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
      if (entry) {
        entries.push(entry);
        continue;
      }
      // Without the Entries API (or for a synthetic drop) only plain files arrive, never folders.
      const file = item.getAsFile();
      if (file) entries.push(plainFileEntry(file));
    }
    if (entries.length === 0) return;
    setReading(true);
    readDroppedEntries(entries)
      .then(({ files, skipped }) => {
        if (files.length > 0 || skipped.length > 0) onFiles(files, skipped);
      })
      .catch((error: unknown) => reportError(error, 'notice.context.openFiles'))
      .finally(() => setReading(false));
  };

  return (
    <div
      className={`drop-zone${over ? ' over' : ''}`}
      data-testid="start-drop-zone"
      aria-disabled={disabled || reading}
      onDragEnter={(event) => {
        if (hasFiles(event)) setOver(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
    >
      <p className="drop-title">{reading ? t('start.dropReading') : t('start.dropTitle')}</p>
      <p className="muted">{t('start.dropHint')}</p>
    </div>
  );
}
