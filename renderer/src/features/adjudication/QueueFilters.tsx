import { useMemo } from 'react';
import { labelPairsOf, type AdjudicationFilter } from '../../../../shared/adjudication/filters';
import type { AdjudicationItem } from '../../../../shared/adjudication/queue';
import type { Codebook } from '../../../../shared/codebook/types';
import { fieldById } from '../../../../shared/codebook/lookup';
import type { LayerOption } from '../../stores/agreement/rater-choice';
import { codesText, raterKeyName } from './names';
import { useAdjudicationText } from './strings';

interface QueueFiltersProps {
  codebook: Codebook;
  items: readonly AdjudicationItem[];
  raterKeys: readonly string[];
  layers: readonly LayerOption[];
  filter: AdjudicationFilter;
  onChange(filter: AdjudicationFilter): void;
}

const SEP = '\u0001';

/** Field, label pair and annotator pair; the label pairs offered are those of the chosen field's disagreements. */
export function QueueFilters({ codebook, items, raterKeys, layers, filter, onChange }: QueueFiltersProps) {
  const { t, lang } = useAdjudicationText();
  const fieldIds = useMemo(() => [...new Set(items.map((item) => item.fieldId))], [items]);
  const pairs = useMemo(() => (filter.fieldId ? labelPairsOf(items.filter((item) => item.fieldId === filter.fieldId)) : []), [items, filter.fieldId]);
  const field = filter.fieldId ? fieldById(codebook, filter.fieldId) : undefined;
  const raterPairs = raterKeys.flatMap((a, i) => raterKeys.slice(i + 1).map((b) => [a, b] as const));
  return (
    <div className="adj-filters" role="group" aria-label={t('queueTitle')}>
      <label>
        {t('filterField')}
        <select
          data-testid="adjudication-filter-field"
          value={filter.fieldId ?? ''}
          onChange={(event) => onChange({ ...filter, fieldId: event.target.value || null, labels: null })}
        >
          <option value="">{t('any')}</option>
          {codebook.fields
            .filter((candidate) => fieldIds.includes(candidate.id))
            .map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name[lang]} · {candidate.name[lang === 'zh' ? 'en' : 'zh']}
              </option>
            ))}
        </select>
      </label>
      <label>
        {t('filterLabels')}
        <select
          data-testid="adjudication-filter-labels"
          disabled={!field}
          value={filter.labels ? filter.labels.join(SEP) : ''}
          onChange={(event) => {
            const [a, b] = event.target.value.split(SEP);
            onChange({ ...filter, labels: a && b ? [a, b] : null });
          }}
        >
          <option value="">{t('any')}</option>
          {field &&
            pairs.map(({ labels, items: count }) => (
              <option key={labels.join(SEP)} value={labels.join(SEP)}>
                {codesText(field, [labels[0]], lang, '')} ⟷ {codesText(field, [labels[1]], lang, '')} ({count})
              </option>
            ))}
        </select>
      </label>
      <label>
        {t('filterRaters')}
        <select
          data-testid="adjudication-filter-raters"
          value={filter.raters ? filter.raters.join(SEP) : ''}
          onChange={(event) => {
            const [a, b] = event.target.value.split(SEP);
            onChange({ ...filter, raters: a && b ? [a, b] : null });
          }}
        >
          <option value="">{t('any')}</option>
          {raterPairs.map(([a, b]) => (
            <option key={`${a}${SEP}${b}`} value={`${a}${SEP}${b}`}>
              {raterKeyName(a, layers, lang)} ⟷ {raterKeyName(b, layers, lang)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
