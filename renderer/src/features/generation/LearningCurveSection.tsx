import { useMemo, useState } from 'react';
import type { GenerationJobPayload } from '../../../../shared/scenario/generation-job';
import { formatNumber } from '../../i18n';
import { saveTable, type TableSave } from '../../stores/export/save-table';
import { learningCurves, learningCurvesCsv } from '../../stores/generation/outputs';
import { useGenerationRunsStore } from '../../stores/generation/runs-store';
import { curveLabel, LearningCurveChart } from './LearningCurveChart';
import { SaveOutcome } from './SaveOutcome';
import type { GenerationTextApi } from './strings';

/** The k values the run's assessments report, ascending. */
export function assessedKs(payloads: readonly GenerationJobPayload[]): number[] {
  const ks = new Set<number>();
  for (const payload of payloads) for (const assessment of payload.assessments) for (const k of Object.keys(assessment.passAtK)) ks.add(Number(k));
  return [...ks].filter(Number.isFinite).sort((a, b) => a - b);
}

const fixed = (value: number) => value.toFixed(3);

/** Other runs to draw beside this one: a run has one student connection, so student models are compared across runs. */
function CompareRuns({ text }: { text: GenerationTextApi }) {
  const { t } = text;
  const runs = useGenerationRunsStore((state) => state.runs);
  const openRunId = useGenerationRunsStore((state) => state.openRunId);
  const compared = useGenerationRunsStore((state) => state.comparedRunIds);
  const others = (runs ?? []).filter(({ run }) => run.id !== openRunId);
  if (others.length === 0) return null;
  const toggle = (id: string, on: boolean) => void useGenerationRunsStore.getState().compareWith(on ? [...compared, id] : compared.filter((entry) => entry !== id));
  return (
    <fieldset className="generation-compare" data-testid="generation-curves-compare">
      <legend>{t('curvesCompare')}</legend>
      {others.map(({ run }) => (
        <label key={run.id} className="radio">
          <input type="checkbox" data-run-id={run.id} checked={compared.includes(run.id)} onChange={(event) => toggle(run.id, event.target.checked)} />
          <span>
            {run.title} · {run.scenario.id} v{run.scenario.version}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Pass@k by student turn per (student model, strategy): chart, k selector, table of the points,
 * CSV export; other runs' conversations join when chosen (each keeps its own student model and
 * strategy, so their curves are drawn beside this run's, not pooled into them unless both agree).
 */
export function LearningCurveSection({ payloads: own, fileStem, text }: { payloads: readonly GenerationJobPayload[]; fileStem: string; text: GenerationTextApi }) {
  const { t, lang } = text;
  const compared = useGenerationRunsStore((state) => state.comparedPayloads);
  const payloads = useMemo(() => (compared.length === 0 ? own : [...own, ...compared]), [own, compared]);
  const ks = useMemo(() => assessedKs(payloads), [payloads]);
  const [chosenK, setChosenK] = useState<number | null>(null);
  const k = chosenK !== null && ks.includes(chosenK) ? chosenK : (ks[ks.length - 1] ?? null);
  const curves = useMemo(() => (k === null ? [] : learningCurves(payloads, { k })), [payloads, k]);
  const [save, setSave] = useState<TableSave<'csv'> | null>(null);
  return (
    <section className="generation-section" data-testid="generation-curves" aria-labelledby="generation-curves-title">
      <h3 id="generation-curves-title">{t('curvesTitle')}</h3>
      <CompareRuns text={text} />
      {k === null || curves.length === 0 ? (
        <p className="muted" data-testid="generation-curves-none">{t('curvesNone')}</p>
      ) : (
        <>
          <div className="button-row">
            <label className="stacked-field">
              <span>{t('kSelector')}</span>
              <select data-testid="generation-curves-k" value={k} onChange={(event) => setChosenK(Number(event.target.value))}>
                {ks.map((value) => (
                  <option key={value} value={value}>
                    Pass@{value}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" data-testid="generation-curves-csv" onClick={() => void saveTable('csv', { defaultName: `${fileStem}-learning-curves-k${k}.csv`, fileKind: 'csv', content: () => learningCurvesCsv(curves) }, setSave)}>
              {t('exportCsv')}
            </button>
          </div>
          <p className="muted small" data-testid="generation-curves-interval">{t('curvesInterval')}</p>
          <LearningCurveChart curves={curves} text={text} />
          <div className="generation-table-scroll">
            <table className="generation-table" data-testid="generation-curves-table">
              <thead>
                <tr>
                  <th scope="col">{t('colStudent')}</th>
                  <th scope="col">{t('colStrategy')}</th>
                  <th scope="col">{t('colRoleTurn')}</th>
                  <th scope="col">{t('colTasks')}</th>
                  <th scope="col">{t('colMean')}</th>
                  <th scope="col">{t('colInterval')}</th>
                </tr>
              </thead>
              <tbody>
                {curves.flatMap((curve) =>
                  curve.points.map((point) => (
                    <tr key={`${curveLabel(curve)}|${point.roleTurn}`}>
                      <td>{curve.studentModel}</td>
                      <td>{curve.strategy}</td>
                      <td>{formatNumber(lang, point.roleTurn)}</td>
                      <td>{formatNumber(lang, point.tasks)}</td>
                      <td>{fixed(point.mean)}</td>
                      <td>{point.tasks > 1 ? `[${fixed(point.low)}, ${fixed(point.high)}]` : '—'}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
          <SaveOutcome save={save} text={text} />
        </>
      )}
    </section>
  );
}
