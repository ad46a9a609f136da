import type { MetricRunRow } from '../../../../shared/model/metric-run';
import type { LayerOption } from '../../stores/agreement/rater-choice';
import { runLayerName, runTime, runTitle } from './run-names';
import { RunName } from './RunName';
import type { MetricsTextApi } from './strings';

interface RunListProps {
  runs: readonly MetricRunRow[];
  shownRunId: string | null;
  baselineRunId: string | null;
  layers: readonly LayerOption[];
  text: MetricsTextApi;
  onShow(runId: string): void;
  onCompare(runId: string | null): void;
  onDelete(runId: string): void;
  onRename(runId: string, name: string): void;
}

/** The data set's saved runs, newest first, each with its number and the reader's own name: show one, compare the shown one with another, or delete. */
export function RunList({ runs, shownRunId, baselineRunId, layers, text, onShow, onCompare, onDelete, onRename }: RunListProps) {
  const { t, lang } = text;
  return (
    <section className="metrics-runs" aria-labelledby="metrics-runs-title">
      <h2 id="metrics-runs-title">{t('runs')}</h2>
      <table className="data-table metrics-run-table" data-testid="metrics-runs">
        <tbody>
          {runs.map((run) => {
            const shown = run.id === shownRunId;
            const number = runTitle({ sequence: run.sequence }, lang);
            return (
              <tr key={run.id} data-testid="metrics-run" data-run-id={run.id} data-sequence={run.sequence ?? ''} data-layer={run.layer.kind} aria-selected={shown} className={shown ? 'selected' : undefined}>
                <th scope="row" className="metrics-run-number" data-testid="metrics-run-number">
                  {number}
                </th>
                <td className="metrics-run-name-cell">
                  <RunName name={run.name ?? ''} number={number} text={text} onRename={(name) => onRename(run.id, name)} />
                </td>
                <td className="metrics-run-time">{runTime(run.createdAt)}</td>
                <td>{runLayerName(run, layers, lang)}</td>
                <td>{t(run.settings.threeC === 'strict' ? 'runThreeCStrict' : 'runThreeCVacuous')}</td>
                <td className="numeric metrics-run-n">{t('nDialogues', { n: run.overall.dialogues })}</td>
                <td className="metrics-run-actions">
                  <span className="button-row">
                    {shown ? (
                      <span className="muted">{t('runShown')}</span>
                    ) : (
                      <>
                        <button type="button" data-testid="metrics-run-show" onClick={() => onShow(run.id)}>
                          {t('runShow')}
                        </button>
                        <button type="button" data-testid="metrics-run-compare" aria-pressed={run.id === baselineRunId} onClick={() => onCompare(run.id === baselineRunId ? null : run.id)}>
                          {t('runCompare')}
                        </button>
                      </>
                    )}
                    <button type="button" className="quiet" data-testid="metrics-run-delete" onClick={() => onDelete(run.id)}>
                      {t('runDelete')}
                    </button>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
