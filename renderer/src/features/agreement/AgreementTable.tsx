import type { LayerAgreementGroup } from '../../../../shared/agreement/review-layers';
import type { Codebook } from '../../../../shared/codebook/types';
import { formatPercent } from '../../stores/agreement/format';
import { codeRowCount, rowsShown } from './code-rows';
import { coefficientText, intervalText, isTooFew } from './coefficient-words';
import { ExpandCodes } from './ExpandCodes';
import { missingDetail } from './missing-words';
import { bandWords, rowName } from './row-names';
import type { AgreementTextApi } from './strings';

interface AgreementTableProps {
  group: LayerAgreementGroup;
  codebook: Codebook;
  text: AgreementTextApi;
  /** rater A's and rater B's names */
  raters: readonly [string, string];
  selectedKey: string | null;
  onSelect: (key: string) => void;
  /** label-set fields whose per-code rows are shown */
  expandedFields: readonly string[];
  onExpand: (fieldId: string, expanded: boolean) => void;
}

/** The paper's Table VI for one group: a row per field (and, expanded, per code of a label-set field). */
export function AgreementTable({ group, codebook, text, raters, selectedKey, onSelect, expandedFields, onExpand }: AgreementTableProps) {
  const { t, lang } = text;
  return (
    <table className="data-table agreement-table" data-testid="agreement-table" data-group={group.group}>
      <thead>
        <tr>
          <th scope="col">{t('field')}</th>
          <th scope="col" className="numeric">{t('n')}</th>
          <th scope="col" className="numeric">{t('missing')}</th>
          <th scope="col" className="numeric">{t('excluded')}</th>
          <th scope="col" className="numeric">{t('accuracy')}</th>
          <th scope="col" className="numeric">{t('kappa')}</th>
          <th scope="col" className="numeric">{t('ci')}</th>
          <th scope="col">{t('band')}</th>
        </tr>
      </thead>
      <tbody>
        {rowsShown(group.rows, expandedFields).map((row) => {
          const selected = row.key === selectedKey;
          const name = rowName(codebook, row, lang);
          const interval = intervalText(row.kappa, row.confusion, lang);
          // a label-set field's own row has no κ: its n never makes one "too few"
          const hasKappa = row.confusion !== null;
          const tooFew = isTooFew(row.kappa, hasKappa);
          return (
            <tr
              key={row.key}
              className={`${selected ? 'selected' : ''} ${row.code !== null ? 'agreement-code-row' : ''}`}
              data-testid="agreement-row"
              data-key={row.key}
              data-items={row.items}
              data-agreeing={row.agreeing}
              data-missing={row.missing}
              data-excluded={row.excluded}
              data-unsure={row.unsure}
              data-accuracy={row.accuracy ?? ''}
              data-kappa={row.kappa.value ?? ''}
              data-weights={row.weights}
              aria-selected={selected}
            >
              <th scope="row">
                {row.confusion ? (
                  <button type="button" className="link-button" data-testid="agreement-row-select" onClick={() => onSelect(row.key)}>
                    {name}
                  </button>
                ) : (
                  <span title={t('setNote')}>{name}</span>
                )}
                {row.code === null && (
                  <ExpandCodes fieldId={row.fieldId} count={codeRowCount(group.rows, row.fieldId)} expanded={expandedFields.includes(row.fieldId)} text={text} onToggle={onExpand} />
                )}
              </th>
              <td className="numeric" data-testid="agreement-n" title={row.unsure + row.unreviewed > 0 ? t('otherCounts', { unsure: row.unsure, unreviewed: row.unreviewed }) : undefined}>
                {row.items}
              </td>
              <td className="numeric" data-testid="agreement-missing" title={missingDetail(row, raters, t)}>
                {row.missing}
              </td>
              <td className="numeric" data-testid="agreement-excluded">
                {row.excluded}
              </td>
              <td className="numeric" data-testid="agreement-accuracy" title={row.items > 0 ? t('accuracyOf', { agreeing: row.agreeing, items: row.items }) : undefined}>
                {formatPercent(row.accuracy)}
              </td>
              <td className="numeric" data-testid="agreement-kappa" data-too-few={tooFew ? 'true' : undefined} title={tooFew ? undefined : (row.kappa.reason ?? undefined)}>
                {row.kappa.value === null ? coefficientText(row.kappa, lang, hasKappa) : `${coefficientText(row.kappa, lang)} (${t(`weights.${row.weights}`)})`}
              </td>
              <td className="numeric" data-testid="agreement-ci" title={interval.why ?? undefined} data-not-defined={interval.why === null ? undefined : 'true'}>
                {interval.text}
              </td>
              <td data-testid="agreement-band">{bandWords(row, lang)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
