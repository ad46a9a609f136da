import type { SkippedFile } from '../../stores/import/store';
import { useT } from '../../i18n';
import { skipSentence, useReadingText } from './reading-strings';

/**
 * The English reason is shown beside a translated sentence, and in English only where it says
 * more than the sentence: a decoder's reason names the bad line and the likely encoding.
 */
function showsDetail(lang: 'zh' | 'en', code: string): boolean {
  return lang !== 'en' || code === 'not-text';
}

/**
 * Files the pickers, the folder walk or the drop left out (wrong type, too large, a link out of
 * the folder, a FIFO…), each with why in the interface language and the English reason as the detail.
 */
export function SkippedFiles({ skipped }: { skipped: readonly SkippedFile[] }) {
  const t = useT();
  const { lang, t: words } = useReadingText();
  if (skipped.length === 0) return null;
  return (
    <details className="skipped-files" data-testid="import-skipped" open={skipped.length <= 5}>
      <summary>{t('report.skipped', { count: skipped.length })}</summary>
      <ul>
        {skipped.map((file) => (
          <li key={file.name} data-testid="import-skipped-file" data-file={file.name} data-code={file.code}>
            <code>{file.name}</code> — <span className="skip-sentence">{skipSentence(lang, file.code, file.values)}</span>
            {showsDetail(lang, file.code) && (
              <span className="skip-detail muted" title={words('skippedDetail')}>
                {' · '}
                {file.reason}
              </span>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
