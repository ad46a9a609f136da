import { useState, type DragEvent } from 'react';
import { useT } from '../../i18n';
import { reportError } from '../../stores/notices/store';
import { plainFileEntry, readDroppedEntries, type EntryLike } from './read-dropped-entries';
import type { SkippedFile } from '../../../../shared/import/skip-reasons';
import type { SourceFile } from '../../../../shared/model/dataset';
import type { RendererApi } from '../../../../shared/ipc/contract';

interface DropZoneProps {
  disabled?: boolean;
  onFiles(files: SourceFile[], skipped: SkippedFile[]): void;
}

/** Reads the drop in main by the dropped files' paths where the host knows them (the desktop app). */
function mainReader(): RendererApi['readDroppedFiles'] {
  return (window as unknown as { api?: RendererApi }).api?.readDroppedFiles;
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

export function DropZone({ disabled = false, onFiles }: DropZoneProps) {
  const t = useT();
  const [over, setOver] = useState(false);
  const [reading, setReading] = useState(false);

  const deliver = (reading: Promise<{ files: SourceFile[]; skipped: SkippedFile[] }>) => {
    setReading(true);
    reading
      .then(({ files, skipped }) => {
        if (files.length > 0 || skipped.length > 0) onFiles(files, skipped);
      })
      .catch((error: unknown) => reportError(error, 'notice.context.openFiles'))
      .finally(() => setReading(false));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled || reading) return;
    // Entries must be taken synchronously: the DataTransfer is emptied once this handler returns.
    const readInMain = mainReader();
    if (readInMain) {
      const dropped = Array.from(event.dataTransfer.items).flatMap((item) => (item.kind === 'file' ? [item.getAsFile()] : [])).filter((file) => file !== null);
      if (dropped.length === 0) return;
      deliver(readInMain(dropped));
      return;
    }
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
    deliver(readDroppedEntries(entries));
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
