import type { LayerAgreementGroup } from '../../../../shared/agreement/review-layers';
import type { Codebook } from '../../../../shared/codebook/types';
import { fieldReading } from './field-sentences';
import { rowName } from './row-names';
import type { AgreementTextApi } from './strings';

/** Each field's row of the table read out in one sentence. */
export function FieldSentences({ group, codebook, text, raters }: { group: LayerAgreementGroup; codebook: Codebook; text: AgreementTextApi; raters: readonly [string, string] }) {
  const rows = group.rows.filter((row) => row.code === null);
  return (
    <section className="agreement-sentences" aria-labelledby="agreement-sentences-title">
      <h2 id="agreement-sentences-title">{text.t('sentencesTitle')}</h2>
      <ul>
        {rows.map((row) => (
          <li key={row.key} data-testid="agreement-sentence" data-key={row.key}>
            <strong>{text.t('sentenceField', { field: rowName(codebook, row, text.lang) })}</strong>
            {fieldReading(row, codebook, raters, text.lang)}
          </li>
        ))}
      </ul>
    </section>
  );
}
