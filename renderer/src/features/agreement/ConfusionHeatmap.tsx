import type { LayerAgreementRow } from '../../../../shared/agreement/review-layers';
import type { Codebook } from '../../../../shared/codebook/types';
import type { ConfusionCell } from '../../stores/agreement/store';
import { categoryName, rowName } from './row-names';
import type { AgreementTextApi } from './strings';

interface ConfusionHeatmapProps {
  row: LayerAgreementRow & { confusion: number[][] };
  codebook: Codebook;
  text: AgreementTextApi;
  /** rater A's (rows) and rater B's (columns) names */
  raters: readonly [string, string];
  selected: ConfusionCell | null;
  onSelect: (cell: ConfusionCell) => void;
}

/** Darker = more turns; the count is always written in the cell, so the shade is never the only cue. */
function shade(count: number, largest: number): { backgroundColor: string; color: string } {
  const strength = largest > 0 ? count / largest : 0;
  return { backgroundColor: `rgba(37, 99, 235, ${(0.08 + strength * 0.8).toFixed(3)})`, color: strength > 0.55 ? '#fff' : 'inherit' };
}

export function ConfusionHeatmap({ row, codebook, text, raters, selected, onSelect }: ConfusionHeatmapProps) {
  const { t, lang } = text;
  const names = row.categories.map((_, index) => categoryName(codebook, row, index, lang));
  const largest = Math.max(0, ...row.confusion.flat());
  return (
    <table className="confusion-matrix" data-testid="confusion-matrix" data-key={row.key}>
      <caption>
        <strong>{t('matrixTitle', { field: rowName(codebook, row, lang) })}</strong>
        <span className="muted"> {t('matrixCaption', { a: raters[0], b: raters[1] })}</span>
      </caption>
      <thead>
        <tr>
          <th scope="col" className="confusion-corner">{t('matrixCorner', { a: raters[0], b: raters[1] })}</th>
          {names.map((name, column) => (
            <th key={row.categories[column]} scope="col">{name}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {row.confusion.map((counts, rowIndex) => (
          <tr key={row.categories[rowIndex]}>
            <th scope="row">{names[rowIndex]}</th>
            {counts.map((count, column) => {
              const pressed = selected?.row === rowIndex && selected.column === column;
              return (
                <td key={row.categories[column]} className={rowIndex === column ? 'diagonal' : undefined}>
                  <button
                    type="button"
                    className="confusion-cell"
                    data-testid="confusion-cell"
                    data-row={row.categories[rowIndex]}
                    data-column={row.categories[column]}
                    data-count={count}
                    aria-pressed={pressed}
                    aria-label={t('cellLabel', { a: raters[0], aValue: names[rowIndex], b: raters[1], bValue: names[column], count })}
                    disabled={count === 0}
                    style={shade(count, largest)}
                    onClick={() => onSelect({ row: rowIndex, column })}
                  >
                    {count}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
