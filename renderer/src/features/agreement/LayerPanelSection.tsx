import type { ReactNode } from 'react';
import type { LayerPanelGroup, LayerPanelRow } from '../../../../shared/agreement/layer-panel';
import { EXPERT_RATER } from '../../../../shared/agreement/review-layers';
import type { Codebook } from '../../../../shared/codebook/types';
import { formatCoefficient, formatPercent, NONE } from '../../stores/agreement/format';
import type { RaterChoice } from '../../stores/agreement/rater-choice';
import { codeRowCount, rowsShown } from './code-rows';
import { coefficientText, isTooFew } from './coefficient-words';
import { ExpandCodes } from './ExpandCodes';
import { categoryName, rowName } from './row-names';
import type { AgreementTextApi } from './strings';

interface LayerPanelSectionProps {
  group: LayerPanelGroup;
  codebook: Codebook;
  text: AgreementTextApi;
  /** every source, in the report's order, with its key in the report and its name */
  sources: readonly { choice: RaterChoice; key: string; name: string; kind: string }[];
  /** the keys of the sources the user pooled (the report follows once recomputed) */
  pooled: readonly string[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
  onPool: (choices: RaterChoice[]) => void;
  /** label-set fields whose per-code rows are shown */
  expandedFields: readonly string[];
  onExpand: (fieldId: string, expanded: boolean) => void;
  /** opens the data-set table, to review turns */
  onReview: () => void;
}

/** A source without a single usable rating in these rows (the expert before any review). */
export function hasNoRatings(rows: readonly Pick<LayerPanelRow, 'items' | 'missing'>[], key: string): boolean {
  return rows.length > 0 && rows.every((row) => (row.missing[key] ?? 0) >= row.items);
}

const bandOf = (band: { en: string; zh: string } | null, lang: 'zh' | 'en') => (band ? band[lang] : NONE);

/** Every layer at once: Fleiss' κ and α per field across the pooled layers, then the pairwise κ matrix and per-label κ of the selected field. */
export function LayerPanelSection({ group, codebook, text, sources, pooled, selectedKey, onSelect, onPool, expandedFields, onExpand, onReview }: LayerPanelSectionProps) {
  const { t, lang } = text;
  const unrated = new Set(sources.filter((source) => hasNoRatings(group.rows, source.key)).map((source) => source.key));
  const unratedPooled = pooled.filter((key) => unrated.has(key));
  const rated = sources.filter((source) => !unrated.has(source.key));
  const ratedPooled = pooled.filter((key) => !unrated.has(key));
  const listNames = (names: readonly string[]) => names.join(lang === 'zh' ? '、' : ', ');
  const selected = group.rows.find((row) => row.key === selectedKey) ?? group.rows[0] ?? null;
  const nameOf = (key: string) => sources.find((source) => source.key === key)?.name ?? key;
  const toggle = (choice: RaterChoice, on: boolean) => {
    const next = sources.filter((source) => (source.choice === choice ? on : pooled.includes(source.key))).map((source) => source.choice);
    onPool(next);
  };
  return (
    <section className="agreement-panel" data-testid="agreement-panel" aria-labelledby="agreement-panel-title">
      <h2 id="agreement-panel-title">{t('panelTitle')}</h2>
      <p className="muted">{t('panelIntro')}</p>
      <fieldset className="agreement-controls" data-testid="agreement-panel-members">
        <legend>{t('panelMembers')}</legend>
        {sources.map((source) => (
          <label key={source.choice}>
            <input type="checkbox" data-testid="agreement-panel-member" data-source={source.key} checked={pooled.includes(source.key)} onChange={(event) => toggle(source.choice, event.target.checked)} />{' '}
            {source.name}
            {source.kind ? <span className="muted"> ({source.kind})</span> : null}
          </label>
        ))}
      </fieldset>
      {pooled.length < 2 && <p className="muted">{t('panelTooFew')}</p>}
      {unratedPooled.length > 0 && (
        <div className="notice-inline" role="status" data-testid="agreement-panel-unrated" data-sources={unratedPooled.join(' ')}>
          {/* Reviewing gives the expert ratings; an attached layer's ratings come only from its file. */}
          <p>{t(unratedPooled.includes(EXPERT_RATER) ? 'panelUnrated' : 'panelUnratedLayer', { names: listNames(unratedPooled.map(nameOf)) })}</p>
          <p className="button-row">
            {unratedPooled.includes(EXPERT_RATER) && (
              <button type="button" data-testid="agreement-panel-review" onClick={onReview}>
                {t('openTable')}
              </button>
            )}
            {rated.length >= 2 && (
              <button type="button" data-testid="agreement-panel-pool-rated" onClick={() => onPool(rated.map((source) => source.choice))}>
                {t('poolRated', { names: listNames(rated.map((source) => source.name)) })}
              </button>
            )}
          </p>
        </div>
      )}

      {/* With fewer than two pooled layers that have ratings every cell would be a dash: the notice above says what to do instead. */}
      {(pooled.length < 2 || ratedPooled.length >= 2) && (
      <div className="agreement-table-wrap">
        <table className="data-table agreement-table" data-testid="agreement-panel-table">
          <thead>
            <tr>
              <th scope="col">{t('field')}</th>
              <th scope="col" className="numeric">{t('n')}</th>
              <th scope="col" className="numeric">{t('missing')}</th>
              <th scope="col" className="numeric">{t('excluded')}</th>
              <th scope="col" className="numeric">{t('fleissKappa')}</th>
              <th scope="col">{t('band')}</th>
              <th scope="col" className="numeric">{t('alpha')}</th>
              <th scope="col">{t('band')}</th>
            </tr>
          </thead>
          <tbody>
            {rowsShown(group.rows, expandedFields).map((row) => (
              <PanelRow
                key={row.key}
                row={row}
                codebook={codebook}
                text={text}
                selected={row.key === selected?.key}
                onSelect={onSelect}
                nameOf={nameOf}
                expand={row.code === null ? <ExpandCodes fieldId={row.fieldId} count={codeRowCount(group.rows, row.fieldId)} expanded={expandedFields.includes(row.fieldId)} text={text} onToggle={onExpand} /> : null}
              />
            ))}
          </tbody>
        </table>
      </div>
      )}

      {selected && (
        <div className="agreement-detail">
          <PairMatrix row={selected} codebook={codebook} text={text} sources={sources.map((source) => source.key)} nameOf={nameOf} unrated={unrated} />
          {selected.panel && selected.panel.perCategory.length > 0 && <PerLabelTable row={selected} codebook={codebook} text={text} />}
        </div>
      )}
    </section>
  );
}

interface PanelRowProps {
  row: LayerPanelRow;
  codebook: Codebook;
  text: AgreementTextApi;
  selected: boolean;
  onSelect: (key: string) => void;
  nameOf: (key: string) => string;
  /** the control that shows the codes of a label-set field */
  expand: ReactNode;
}

function PanelRow({ row, codebook, text, selected: isSelected, onSelect, nameOf, expand }: PanelRowProps) {
  const { t, lang } = text;
  const panel = row.panel;
  // Missing ratings of the pooled layers (per layer in the tooltip): what Fleiss leaves out.
  const pooledMissing = (panel?.raters ?? []).reduce((sum, key) => sum + (row.missing[key] ?? 0), 0);
  // a label-set field's own row has no Fleiss' κ (one label per rating): never "too few" there
  const fleissExists = row.level !== 'masi';
  const missingTitle = Object.entries(row.missing)
    .map(([key, count]) => `${nameOf(key)}: ${count}`)
    .join(' · ');
  return (
    <tr className={`${isSelected ? 'selected' : ''} ${row.code !== null ? 'agreement-code-row' : ''}`} data-testid="agreement-panel-row" data-key={row.key} data-fleiss={panel?.fleiss.value ?? ''} data-alpha={panel?.alpha.value ?? ''} aria-selected={isSelected}>
      <th scope="row">
        <button type="button" className="link-button" onClick={() => onSelect(row.key)}>
          {rowName(codebook, row, lang)}
        </button>
        {expand}
      </th>
      <td className="numeric" title={panel ? t('completeItems', { n: panel.fleiss.items, excluded: panel.fleiss.excludedItems }) : undefined}>
        {panel && row.level !== 'masi' ? panel.fleiss.items : NONE}
      </td>
      <td className="numeric" data-testid="agreement-panel-missing" title={missingTitle}>
        {pooledMissing}
      </td>
      <td className="numeric" data-testid="agreement-panel-excluded">
        {row.excluded}
      </td>
      <td className="numeric" data-testid="agreement-panel-fleiss" title={panel && !isTooFew(panel.fleiss, fleissExists) ? (panel.fleiss.reason ?? undefined) : undefined}>
        {panel ? coefficientText(panel.fleiss, lang, fleissExists) : NONE}
      </td>
      <td>{bandOf(panel?.fleissBand ?? null, lang)}</td>
      <td className="numeric" data-testid="agreement-panel-alpha" title={panel && !isTooFew(panel.alpha) ? (panel.alpha.reason ?? undefined) : undefined}>
        {panel ? (isTooFew(panel.alpha) ? coefficientText(panel.alpha, lang) : `${formatCoefficient(panel.alpha.value)} (${t(`level.${row.level}`)}, n=${panel.alpha.items})`) : NONE}
      </td>
      <td>{bandOf(panel?.alphaBand ?? null, lang)}</td>
    </tr>
  );
}

function PairMatrix({ row, codebook, text, sources, nameOf, unrated }: { row: LayerPanelRow; codebook: Codebook; text: AgreementTextApi; sources: readonly string[]; nameOf: (key: string) => string; unrated: ReadonlySet<string> }) {
  const { t, lang } = text;
  const pairOf = (a: string, b: string) => row.pairs.find((pair) => (pair.a === a && pair.b === b) || (pair.a === b && pair.b === a));
  return (
    <table className="data-table pair-matrix" data-testid="agreement-pair-matrix" data-key={row.key}>
      <caption>
        <strong>{t('pairMatrixTitle', { field: rowName(codebook, row, lang) })}</strong> {t('pairMatrixCaption')}
      </caption>
      <thead>
        <tr>
          <td />
          {sources.map((key) => (
            <th key={key} scope="col" className="numeric" data-testid="agreement-pair-header" data-source={key}>
              {nameOf(key)}
              {unrated.has(key) && <span className="muted">{lang === 'zh' ? '' : ' '}{t('noRatings')}</span>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sources.map((rowKey) => (
          <tr key={rowKey}>
            <th scope="row">
              {nameOf(rowKey)}
              {unrated.has(rowKey) && <span className="muted">{lang === 'zh' ? '' : ' '}{t('noRatings')}</span>}
            </th>
            {sources.map((columnKey) => {
              if (rowKey === columnKey) return <td key={columnKey} className="numeric muted">{NONE}</td>;
              const pair = pairOf(rowKey, columnKey);
              if (!pair) return <td key={columnKey} />;
              // a label-set field's own row has no κ: its cell is exact-set agreement; too few items say so
              const tooFew = isTooFew(pair.kappa, row.level !== 'masi');
              const shown = tooFew ? t('tooFewShort') : pair.kappa.value === null ? formatPercent(pair.accuracy) : formatCoefficient(pair.kappa.value);
              return (
                <td
                  key={columnKey}
                  className="numeric"
                  data-testid="agreement-pair-cell"
                  data-a={rowKey}
                  data-b={columnKey}
                  data-kappa={pair.kappa.value ?? ''}
                  data-items={pair.items}
                  title={tooFew ? coefficientText(pair.kappa, lang) : (pair.kappa.reason ?? t('pairCell', { a: nameOf(rowKey), b: nameOf(columnKey), kappa: formatCoefficient(pair.kappa.value), n: pair.items, agreeing: pair.agreeing }))}
                >
                  {pair.items === 0 ? NONE : (
                    <>
                      {shown} <span className="muted">(n={pair.items})</span>
                    </>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PerLabelTable({ row, codebook, text }: { row: LayerPanelRow; codebook: Codebook; text: AgreementTextApi }) {
  const { t, lang } = text;
  const categories = row.panel?.perCategory ?? [];
  return (
    <table className="data-table agreement-per-label" data-testid="agreement-per-label" data-key={row.key}>
      <caption>
        <strong>{t('perLabelTitle', { field: rowName(codebook, row, lang) })}</strong>
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('label')}</th>
          <th scope="col" className="numeric">{t('share')}</th>
          <th scope="col" className="numeric" data-testid="agreement-label-kappa-header">{t('labelKappa')}</th>
        </tr>
      </thead>
      <tbody>
        {categories.map((category, index) => (
          <tr key={category.category} data-testid="agreement-per-label-row" data-category={category.category} data-kappa={category.value ?? ''}>
            <th scope="row">{categoryName(codebook, row, index, lang)}</th>
            <td className="numeric">{formatPercent(category.proportion)}</td>
            <td className="numeric" title={category.reason ?? undefined}>
              {row.panel && isTooFew(row.panel.fleiss) ? t('tooFewShort') : formatCoefficient(category.value)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
