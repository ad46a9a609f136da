import type { SpotCheckRow } from '../../../../shared/model/spot-check';
import { fieldById } from '../../../../shared/codebook/lookup';
import type { Codebook } from '../../../../shared/codebook/types';
import { fieldName } from '../../codebook';
import type { SpotCheckTextApi } from './strings';

/** One line naming what a spot-check drew: size and unit, seed, strata, and the layer checked. */
export function rowSummary(row: SpotCheckRow, layers: readonly { id: string; name: string }[], text: SpotCheckTextApi, codebook: Codebook): string {
  const { t, lang } = text;
  const strata =
    row.strata.kind === 'none'
      ? t('strataNoneSummary')
      : row.strata.kind === 'teacher-model'
        ? t('strataTeacher')
        : row.strata.kind === 'topic'
          ? t('strataTopic')
          : row.strata.kind === 'student-type'
            ? t('strataStudent')
            : t('strataLabel', { field: ((field) => (field ? fieldName(field, lang) : row.strata.kind === 'llm-label' ? row.strata.fieldId : ''))(fieldById(codebook, row.strata.fieldId)) });
  const layerName = row.suggestionLayerId ? (layers.find((layer) => layer.id === row.suggestionLayerId)?.name ?? row.suggestionLayerId) : null;
  return t('rowSummary', {
    n: row.items.length,
    unit: row.unit === 'dialogue' ? t('unitDialogues') : t('unitTurns'),
    seed: row.seed,
    strata,
    layer: layerName === null ? t('layerImported') : t('layerNamed', { name: layerName }),
  });
}
