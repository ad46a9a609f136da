import type { LayerAgreementGroup } from '../../../../shared/agreement/review-layers';
import type { Codebook } from '../../../../shared/codebook/types';
import { fieldSentence } from './field-sentences';
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
            {fieldSentence(row, codebook, raters, text.lang)}
          </li>
        ))}
      </ul>
    </section>
  );
}
