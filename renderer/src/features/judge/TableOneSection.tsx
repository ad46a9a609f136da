import type { JudgeReport } from '../../stores/judge/run-judge';
import { useJudgeStore } from '../../stores/judge/store';
import { formatMean, type TableOneView } from '../../stores/judge/table-export';
import { JudgeBarChart, JudgeRadar } from './JudgeChart';
import type { JudgeTextApi } from './strings';

/** Table I (rubrics × teacher models) of one judge, its exports, the bar chart and a radar per teacher model. */
export function TableOneSection({ view, report, text }: { view: TableOneView; report: JudgeReport; text: JudgeTextApi }) {
  const { t, lang } = text;
  const judge = useJudgeStore((s) => s.judge);
  const save = useJudgeStore((s) => s.save);
  const panel = useJudgeStore((s) => s.panel);
  const panelMethod = useJudgeStore((s) => s.panelMethod);
  const store = useJudgeStore.getState();
  const range = report.set.rubrics[0]?.range ?? { min: 1, max: 5 };
  const panelJudges = report.run.judges.map((entry) => entry.name).join(', ');
  // the most dialogues any rubric row left out (rows differ: a judge may miss one rubric only)
  const incomplete = Math.max(0, ...view.rows.map((row) => row.cells.reduce((sum, cell) => sum + (cell.incomplete ?? 0), 0)));
  return (
    <section className="judge-section">
      <div className="judge-table-head">
        <h2>{t('tableTitle')}</h2>
        {report.run.judges.length > 1 && (
          <label>
            {t('judge')}{' '}
            <select data-testid="judge-judge-select" value={panel ? '' : (judge ?? '')} onChange={(event) => (event.target.value === '' ? store.selectPanel() : store.selectJudge(event.target.value))}>
              {report.run.judges.map((candidate) => (
                <option key={candidate.name} value={candidate.name}>
                  {candidate.name}
                </option>
              ))}
              {report.panel && <option value="">{t('panelOption', { n: report.run.judges.length })}</option>}
            </select>
          </label>
        )}
        {report.panel && (
          <label>
            {t('panelMethod')}{' '}
            <select
              data-testid="judge-panel-method"
              value={panelMethod}
              onChange={(event) => {
                // choosing how the panel combines its judges shows the panel
                store.setPanelMethod(event.target.value === 'median' ? 'median' : 'mean');
                store.selectPanel();
              }}
            >
              <option value="mean">{t('panelMean')}</option>
              <option value="median">{t('panelMedian')}</option>
            </select>
          </label>
        )}
        <button type="button" className="quiet" data-testid="judge-export-csv" onClick={() => void store.exportTable('csv', lang, { overall: t('overall'), title: t('rubric') })}>
          {t('exportCsv')}
        </button>
        <button type="button" className="quiet" data-testid="judge-export-md" onClick={() => void store.exportTable('md', lang, { overall: t('overall'), title: t('rubric') })}>
          {t('exportMd')}
        </button>
        {save && (
          <span className="judge-save" data-testid="judge-save" data-status={save.status} role="status">
            {save.status === 'working' ? t('saving') : save.status === 'saved' ? t('saved', { path: save.path ?? '' }) : save.status === 'canceled' ? t('canceled') : t('saveFailed')}
          </span>
        )}
      </div>
      {panel && report.panel && (
        <p className="judge-intro" data-testid="judge-panel-note">
          {incomplete > 0 ? t('panelNote', { judges: panelJudges, incomplete }) : t('panelNoteComplete', { judges: panelJudges })}
        </p>
      )}
      <TableOne view={view} report={report} text={text} />
      <JudgeBarChart view={view} range={range} text={text} />
      <div className="judge-radars">
        {view.groups.map((group, index) => (
          <JudgeRadar key={group} view={view} group={group} index={index} range={range} text={text} />
        ))}
      </div>
    </section>
  );
}

function TableOne({ view, report, text }: { view: TableOneView; report: JudgeReport; text: JudgeTextApi }) {
  const { t, lang } = text;
  return (
    <div className="judge-table-scroll">
      <table className="judge-table" data-testid="judge-table">
        <caption>{t('tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rubric')}</th>
            {view.groups.map((group) => (
              <th key={group} scope="col">
                {group}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row) => {
            const rubric = report.set.rubrics.find((candidate) => candidate.id === row.id);
            return (
              <tr key={row.id} className={row.id === 'overall' ? 'judge-overall' : undefined}>
                <th scope="row" title={rubric ? rubric.definition[lang] : undefined}>
                  {row.id === 'overall' ? t('overall') : <>{row.id} <span className="judge-rubric-name">{rubric?.name[lang]}</span></>}
                </th>
                {row.cells.map((cell, index) => (
                  <td
                    key={view.groups[index]}
                    data-testid="judge-cell"
                    data-rubric={row.id}
                    data-group={view.groups[index]}
                    data-mean={cell.mean ?? ''}
                    data-sd={cell.sd ?? ''}
                    data-n={cell.n}
                    data-incomplete={cell.incomplete ?? ''}
                  >
                    <span className="judge-mean">{formatMean(cell.mean)}</span>
                    <span className="judge-nsd">{t('nSd', { n: cell.n, sd: formatMean(cell.sd) })}</span>
                    {cell.failed > 0 && <span className="judge-failed">{t('failedCount', { n: cell.failed })}</span>}
                    {(cell.incomplete ?? 0) > 0 && (
                      <span className="judge-failed" data-testid="judge-cell-incomplete">
                        {t('incompleteCount', { n: cell.incomplete ?? 0 })}
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
