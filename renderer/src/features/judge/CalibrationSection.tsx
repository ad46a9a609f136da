import type { CalibrationRow, Statistic } from '../../../../shared/judge/calibration';
import type { JudgeReport } from '../../stores/judge/run-judge';
import { CalibrationScatter } from './CalibrationScatter';
import { fixed, stat } from './format';
import { SelfPreferenceTable } from './SelfPreferenceTable';
import { TeacherFamilies } from './TeacherFamilies';
import type { JudgeTextApi } from './strings';

/** The judges against the experts (table and scatter), judge against judge, teacher-model families and self-preference. */
export function CalibrationSection({ report, text }: { report: JudgeReport; text: JudgeTextApi }) {
  const { t } = text;
  const calibration = report.calibration;
  return (
    <section className="judge-section" data-testid="judge-calibration">
      <h2>{t('calibrationTitle')}</h2>
      {report.anchorsLeftOut > 0 && (
        <p className="judge-intro" data-testid="calibration-anchors-left-out">
          {t('anchorsLeftOut', { n: report.anchorsLeftOut })}
        </p>
      )}
      {calibration.rows.length === 0 ? (
        <p className="judge-empty" data-testid="calibration-empty">
          {t('calibrationEmpty')}
        </p>
      ) : (
        <>
          <p className="judge-intro">{t('calibrationCaption')}</p>
          <p data-testid="calibration-raters">{t('calibrationRaters', { names: report.expertRaters.join(', ') })}</p>
          <div className="judge-table-scroll">
            <table className="judge-table judge-calibration-table">
              <thead>
                <tr>
                  <th scope="col">{t('judge')}</th>
                  <th scope="col">{t('rubric')}</th>
                  <th scope="col">{t('colN')}</th>
                  <th scope="col">{t('colPearson')}</th>
                  <th scope="col">{t('colSpearman')}</th>
                  <th scope="col">{t('colKendall')}</th>
                  <th scope="col">{t('colQwk')}</th>
                  <th scope="col">{t('colBias')}</th>
                  <th scope="col">{t('colVariance')}</th>
                </tr>
              </thead>
              <tbody>
                {calibration.rows.map((row) => (
                  <CalibrationLine key={`${row.judge}|${row.rubric}`} row={row} />
                ))}
              </tbody>
            </table>
          </div>
          <CalibrationScatter report={report} text={text} />
        </>
      )}
      {calibration.judgePairs.length > 0 && (
        <div className="judge-table-scroll">
          <h3>{t('pairsTitle')}</h3>
          <table className="judge-table" data-testid="judge-pairs">
            <thead>
              <tr>
                <th scope="col">{t('judge')} A</th>
                <th scope="col">{t('judge')} B</th>
                <th scope="col">{t('rubric')}</th>
                <th scope="col">{t('colN')}</th>
                <th scope="col">{t('colPearson')}</th>
                <th scope="col">{t('colKendall')}</th>
                <th scope="col">{t('colQwk')}</th>
                <th scope="col">{t('pairsDifference')}</th>
              </tr>
            </thead>
            <tbody>
              {calibration.judgePairs.map((row) => (
                <tr key={`${row.judgeA}|${row.judgeB}|${row.rubric}`}>
                  <td>{row.judgeA}</td>
                  <td>{row.judgeB}</td>
                  <td>{row.rubric}</td>
                  <td>{row.n}</td>
                  <td title={row.pearson.reason ?? undefined}>{stat(row.pearson)}</td>
                  <td title={row.kendall.reason ?? undefined}>{stat(row.kendall)}</td>
                  <td title={row.qwk.reason ?? undefined}>{stat(row.qwk)}</td>
                  <td>{fixed(row.meanDifference)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <TeacherFamilies report={report} text={text} />
      <SelfPreferenceTable report={report} text={text} />
    </section>
  );
}

function CalibrationLine({ row }: { row: CalibrationRow }) {
  const title = (value: Statistic) => value.reason ?? undefined;
  return (
    <tr data-testid="calibration-row" data-judge={row.judge} data-rubric={row.rubric} data-n={row.n} data-bias={row.bias ?? ''}>
      <td>{row.judge}</td>
      <td>{row.rubric}</td>
      <td>{row.n}</td>
      <td title={title(row.pearson)}>{stat(row.pearson)}</td>
      <td title={title(row.spearman)}>{stat(row.spearman)}</td>
      <td title={title(row.kendall)}>{stat(row.kendall)}</td>
      <td title={title(row.qwk)}>
        {stat(row.qwk)} {row.qwkN > 0 ? `(n=${row.qwkN})` : ''}
      </td>
      <td>
        {fixed(row.bias)} {row.biasCi95 ? `[${fixed(row.biasCi95[0])}, ${fixed(row.biasCi95[1])}]` : ''}
      </td>
      <td>
        {fixed(row.judgeVariance)} / {fixed(row.expertVariance)}
      </td>
    </tr>
  );
}
