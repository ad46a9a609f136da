import type { FieldDef } from '../../../../shared/codebook/types';
import type { LabelLanguage } from '../../../../shared/codebook/types';
import { CodeChip } from '../review/LabelName';
import { useAdjudicationText } from './strings';

/** A value as review shows it: each label's name in both languages; an empty set said in words. */
export function ValueChips({ field, codes, lang }: { field: FieldDef; codes: readonly string[]; lang: LabelLanguage }) {
  const { t } = useAdjudicationText();
  if (codes.length === 0) return <span className="rv-muted">{t('emptySet')}</span>;
  return (
    <span className="adj-chips">
      {codes.map((code) => (
        <CodeChip key={code} field={field} code={code} lang={lang} newValueText={t('otherValue')} />
      ))}
    </span>
  );
}
