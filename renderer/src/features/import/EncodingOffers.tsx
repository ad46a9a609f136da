import { textPreview } from '../../../../shared/import/file-rules';
import type { SkippedFile } from '../../stores/import/store';
import { ENCODING_LABELS, encodingWords } from './encoding-strings';

/**
 * For each skipped file whose bytes read as text in another encoding: what it would say, and a
 * button that reads it that way. Nothing is converted unasked, since the guess can be wrong.
 */
export function EncodingOffers({ skipped, disabled, onReadAs }: { skipped: readonly SkippedFile[]; disabled: boolean; onReadAs: (name: string) => void }) {
  const { t, lang } = encodingWords.useText();
  const offers = skipped.filter((file) => file.likely);
  if (offers.length === 0) return null;
  return (
    <section className="encoding-offers" data-testid="import-encoding-offers" aria-label={t('title')}>
      <h2>{t('title')}</h2>
      <ul>
        {offers.map((file) => {
          const likely = file.likely!;
          const encoding = ENCODING_LABELS[likely.encoding][lang];
          const why = t(likely.encoding === 'gb18030' ? 'whyGb' : 'whyUtf16');
          return (
            <li key={file.name} data-testid="import-encoding-offer" data-file={file.name} data-encoding={likely.encoding}>
              <p>{t('looksLike', { file: file.name, encoding, why })}</p>
              <blockquote className="encoding-preview">
                {textPreview(likely.text, 60)}
              </blockquote>
              <p className="muted">{t('check')}</p>
              <button type="button" data-testid="import-read-as" disabled={disabled} onClick={() => onReadAs(file.name)}>
                {t('readAs', { encoding })}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
