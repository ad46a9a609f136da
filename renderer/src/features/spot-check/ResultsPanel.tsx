import { useState } from 'react';
import type { SpotCheckRow } from '../../../../shared/model/spot-check';
import { percent1, reviewsNeeded, type FieldResult, type MarkdownHeadings } from '../../../../shared/spot-check';
import { useSpotCheckStore } from '../../stores/spot-check/store';
import { resultName } from './field-names';
import { IntervalChart } from './IntervalChart';
import { rowSummary } from './row-summary';
import type { SpotCheckTextApi } from './strings';

/** The shown spot-check's results per field: n, errors, rate, Wilson interval, whole-set estimate, verdict; chart; report exports. */
export function ResultsPanel({ row, text }: { row: SpotCheckRow; text: SpotCheckTextApi }) {
  const { t, lang } = text;
  const results = useSpotCheckStore((state) => (state.results?.spotCheckId === row.id ? state.results : null));
  const layers = useSpotCheckStore((state) => state.layers);
  const datasetName = useSpotCheckStore((state) => state.datasetName);
  const codebook = useSpotCheckStore((state) => state.codebook);
  const save = useSpotCheckStore((state) => state.save);
  const setThreshold = useSpotCheckStore((state) => state.setThreshold);
  const saveReport = useSpotCheckStore((state) => state.saveReport);
  const sendToFullReview = useSpotCheckStore((state) => state.sendToFullReview);
  const openQueue = useSpotCheckStore((state) => state.openQueue);
  const [showCodes, setShowCodes] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (!results) return <p className="loading">{t('loading')}</p>;
  const rows = results.fields.filter((field) => showCodes || field.code === undefined);
  const names = rows.map((field) => resultName(codebook, field, lang));
  const verdictWord = (field: Pick<FieldResult, 'verdict' | 'n' | 'needed'>) => (field.verdict === 'insufficient' ? t('insufficient', { n: field.n, needed: field.needed }) : t(field.verdict));
  const needed = reviewsNeeded(row.threshold);
  // fields with no verdict that reviewing the rest of this sample cannot settle: a larger sample can,
  // unless the checked labels have no value on any sampled turn (then it is the labels that are missing)
  const unsettled = results.fields.flatMap((field) => {
    const reachable = results.reviewable[field.fieldId] ?? 0;
    return field.code === undefined && field.verdict === 'insufficient' && reachable < field.needed ? [{ name: resultName(codebook, field, lang), reachable }] : [];
  });
  const tooSmall = unsettled.filter((field) => field.reachable > 0);
  const noValues = unsettled.filter((field) => field.reachable === 0);
  const checkedLabels = row.suggestionLayerId ? t('layerNamed', { name: layers.find((layer) => layer.id === row.suggestionLayerId)?.name ?? row.suggestionLayerId }) : t('layerImported');
  const headings: MarkdownHeadings = {
    field: t('colField'),
    n: t('colN'),
    errors: t('colErrors'),
    noLlmValue: t('colNoLlm'),
    rate: t('colRate'),
    interval: t('colInterval'),
    estimate: t('colEstimate'),
    verdict: t('colVerdict'),
    verdictText: verdictWord,
  };
  const exportReport = (kind: 'csv' | 'md') =>
    void saveReport(kind, {
      headings,
      title: t('reportTitle', { name: row.name }),
      names: new Map(results.fields.map((field) => [field.field, resultName(codebook, field, lang)])),
      details: [t('reportDataset', { name: datasetName }), t('reportSample', { summary: rowSummary(row, layers, text, codebook) }), t('reportThreshold', { t: percent1(row.threshold), needed }), t('reviewedSoFar', { reviewed: results.reviewedTurns, total: results.sampledTurns })],
    });

  return (
    <section className="sc-panel" data-testid="spot-check-results" data-spot-check-id={row.id} aria-labelledby="sc-results-title">
      <h2 id="sc-results-title">{t('resultsTitle', { name: row.name })}</h2>
      <p className="muted">{rowSummary(row, layers, text, codebook)}</p>
      <p data-testid="spot-check-reviewed">{results.reviewedTurns === 0 ? t('noneReviewed') : t('reviewedSoFar', { reviewed: results.reviewedTurns, total: results.sampledTurns })}</p>
      <div className="sc-result-tools">
        <label>
          {t('threshold')}
          <input
            type="number"
            data-testid="spot-check-result-threshold"
            min={0.5}
            max={100}
            step={0.5}
            defaultValue={Number((row.threshold * 100).toFixed(2))}
            key={`${row.id}:${row.threshold}`}
            onBlur={(event) => {
              const value = Number(event.target.value);
              if (value > 0 && value <= 100 && value / 100 !== row.threshold) void setThreshold(row.id, value);
            }}
          />
          %
        </label>
        <label>
          <input type="checkbox" data-testid="spot-check-show-codes" checked={showCodes} onChange={(event) => setShowCodes(event.target.checked)} />
          {t('showCodes')}
        </label>
      </div>
      <div className="sc-table-wrap">
      <table className="sc-table" data-testid="spot-check-table">
        <thead>
          <tr>
            <th scope="col">{t('colField')}</th>
            <th scope="col">{t('colN')}</th>
            <th scope="col">{t('colErrors')}</th>
            <th scope="col" title={t('colNoLlmTitle')}>
              {t('colNoLlm')}
            </th>
            <th scope="col">{t('colRate')}</th>
            <th scope="col">{t('colInterval')}</th>
            <th scope="col">{t('colEstimate')}</th>
            <th scope="col">{t('colVerdict')}</th>
            <th scope="col" aria-label={t('fullReview')} />
          </tr>
        </thead>
        <tbody>
          {rows.map((field, at) => {
            const reachable = results.reviewable[field.fieldId] ?? 0;
            return (
              <tr key={field.field} data-testid="spot-check-row" data-field={field.field} data-verdict={field.verdict} data-needed={field.needed} data-reachable={reachable}>
                <th scope="row" title={field.field}>
                  {names[at]}
                </th>
                <td data-testid="spot-check-n">{field.n}</td>
                <td data-testid="spot-check-errors">{field.errors}</td>
                <td data-testid="spot-check-no-llm">{field.noLlmValue}</td>
                <td data-testid="spot-check-rate">{field.n > 0 ? percent1(field.rate) : field.noLlmValue > 0 ? t('noLlmOnly') : t('noData')}</td>
                <td data-testid="spot-check-interval">{`${percent1(field.low)} – ${percent1(field.high)}`}</td>
                <td data-testid="spot-check-estimate">{field.n === 0 ? '–' : `${percent1(field.estimate.rate)} (${percent1(field.estimate.low)} – ${percent1(field.estimate.high)})`}</td>
                <td>
                  <span className={`sc-verdict sc-verdict-${field.verdict}`} data-testid="spot-check-verdict">
                    {field.verdict === 'insufficient' ? t('insufficientShort') : t(field.verdict)}
                  </span>
                  {field.verdict === 'insufficient' && (
                    <span className="sc-needed" data-testid="spot-check-needed">
                      {t('neededOf', { n: field.n, needed: field.needed })}
                    </span>
                  )}
                </td>
                <td>
                  {field.verdict === 'fail' && field.code === undefined && (
                    <button
                      type="button"
                      data-testid="spot-check-full-review"
                      title={t('fullReviewTitle')}
                      onClick={() =>
                        void sendToFullReview(field.fieldId).then((sent) => {
                          if (sent === 0) setNotice(t('fullReviewNone', { field: names[at] }));
                        })
                      }
                    >
                      {t('fullReview')}
                    </button>
                  )}
                  {field.verdict === 'insufficient' && field.code === undefined && reachable > field.n && (
                    <button type="button" data-testid="spot-check-continue" title={t('continueReviewTitle')} onClick={() => void openQueue(row.id)}>
                      {t('continueReview')}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      </div>
      {noValues.length > 0 && (
        <p className="notice-inline" role="status" data-testid="spot-check-no-values">
          {t('noValuesInSample', { labels: checkedLabels, fields: noValues.map(({ name }) => name).join(lang === 'zh' ? '、' : ', ') })}
        </p>
      )}
      {tooSmall.length > 0 && (
        <p className="notice-inline" role="status" data-testid="spot-check-sample-too-small">
          {t('sampleTooSmall', { fields: tooSmall.map(({ name, reachable }) => t('sampleTooSmallField', { field: name, k: reachable })).join(lang === 'zh' ? '、' : '; '), needed })}
        </p>
      )}
      {notice && (
        <p className="status-line" role="status" data-testid="spot-check-notice">
          {notice}
        </p>
      )}
      <p className="muted" data-testid="spot-check-verdict-note">
        {t('verdictNote', { t: percent1(row.threshold), needed })}
      </p>
      <p className="muted">{t('estimateNote')}</p>
      <IntervalChart rows={rows} names={names} threshold={row.threshold} text={text} />
      <div className="button-row">
        <button type="button" data-testid="spot-check-export-csv" disabled={save?.status === 'working'} onClick={() => exportReport('csv')}>
          {t('exportCsv')}
        </button>
        <button type="button" data-testid="spot-check-export-md" disabled={save?.status === 'working'} onClick={() => exportReport('md')}>
          {t('exportMd')}
        </button>
      </div>
      {save?.status === 'working' && <p className="status-line">{t('saving')}</p>}
      {save?.status === 'saved' && save.path && (
        <p className="status-line" data-testid="spot-check-saved">
          {t('saved', { path: save.path })}
        </p>
      )}
    </section>
  );
}
