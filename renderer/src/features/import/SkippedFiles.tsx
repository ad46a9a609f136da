import type { SkippedFile } from '../../stores/import/store';
import { useT } from '../../i18n';

/** Files the file picker or the drop left out (wrong type, too large), with the reason. */
export function SkippedFiles({ skipped }: { skipped: readonly SkippedFile[] }) {
  const t = useT();
  if (skipped.length === 0) return null;
  return (
    <details className="skipped-files" data-testid="import-skipped" open={skipped.length <= 5}>
      <summary>{t('report.skipped', { count: skipped.length })}</summary>
      <ul>
        {skipped.map((file) => (
          <li key={file.name}>
            <code>{file.name}</code> — {file.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}
