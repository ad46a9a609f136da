import type { SelfPreferenceRow } from '../../../../shared/judge/calibration';
import type { JudgeReport } from '../../stores/judge/run-judge';
import { formatDifference } from '../../stores/judge/comparison-export';
import { fixed } from './format';
import type { JudgeTextApi } from './strings';

function verdict(row: SelfPreferenceRow, text: JudgeTextApi): { kind: 'flag' | 'no-flag' | 'not-computable'; words: string } {
  const { t } = text;
  if (row.flagged) return { kind: 'flag', words: t('selfFlag', { difference: fixed(row.difference) }) };
  if (row.nOwn === 0) return { kind: 'not-computable', words: t('selfNotComputable', { reason: t('selfReasonNoOwn', { family: row.family }) }) };
  if (row.nOther === 0) return { kind: 'not-computable', words: t('selfNotComputable', { reason: t('selfReasonNoOther', { family: row.family }) }) };
  if (row.ci95 === null) return { kind: 'not-computable', words: t('selfNotComputable', { reason: t('selfReasonFew') }) };
  return { kind: 'no-flag', words: t('selfNoFlag') };
}

function Line({ row, text }: { row: SelfPreferenceRow; text: JudgeTextApi }) {
  const { t } = text;
  const outcome = verdict(row, text);
  return (
    <tr data-testid="self-preference-row" data-judge={row.judge} data-rubric={row.rubric ?? 'overall'} data-verdict={outcome.kind} data-difference={row.difference ?? ''}>
      <td>
        {row.judge} ({row.family})
      </td>
      <td>{row.rubric ?? t('overall')}</td>
      <td>
        {row.nOwn} / {row.nOther}
      </td>
      <td>
        {formatDifference(row.difference)} {row.ci95 ? `[${fixed(row.ci95[0])}, ${fixed(row.ci95[1])}]` : ''}
      </td>
      <td className={`judge-verdict judge-verdict-${outcome.kind}`}>{outcome.words}</td>
    </tr>
  );
}

/** Per judge with a family: the weighted overall's difference and verdict, the rubrics in a fold. */
export function SelfPreferenceTable({ report, text }: { report: JudgeReport; text: JudgeTextApi }) {
  const { t } = text;
  const rows = report.calibration.selfPreference;
  const families = report.run.judges.map((judge) => `${judge.name}: ${report.judgeFamilies[judge.name] ?? t('judgeFamilyNone')}`).join(' · ');
  const head = (
    <thead>
      <tr>
        <th scope="col">{t('selfJudge')}</th>
        <th scope="col">{t('rubric')}</th>
        <th scope="col">{t('selfOwnOther')}</th>
        <th scope="col">{t('selfDifference')}</th>
        <th scope="col">{t('selfVerdict')}</th>
      </tr>
    </thead>
  );
  return (
    <div className="judge-self" data-testid="self-preference-section">
      <h3>{t('selfTitle')}</h3>
      <p className="judge-intro">{t('selfHint')}</p>
      <p data-testid="judge-families">{t('judgeFamilies', { list: families })}</p>
      {report.run.judges.length < 2 || rows.length === 0 ? (
        <p data-testid="self-preference-none">{t('selfNone')}</p>
      ) : Object.keys(report.teacherFamilies).length === 0 ? (
        <p data-testid="self-preference-none">{t('selfNoTeacherFamilies')}</p>
      ) : (
        <>
          {rows
            .filter((row) => row.rubric === null && row.flagged)
            .map((row) => (
              <p key={row.judge} className="judge-flag" data-testid="self-preference">
                {t('selfSummaryFlag', { judge: row.judge, family: row.family, difference: fixed(row.difference), low: fixed(row.ci95?.[0]), high: fixed(row.ci95?.[1]) })}
              </p>
            ))}
          <div className="judge-table-scroll">
            <table className="judge-table" data-testid="self-preference-table">
              {head}
              <tbody>
                {rows
                  .filter((row) => row.rubric === null)
                  .map((row) => (
                    <Line key={row.judge} row={row} text={text} />
                  ))}
              </tbody>
            </table>
          </div>
          <details>
            <summary>{t('selfPerRubric')}</summary>
            <div className="judge-table-scroll">
              <table className="judge-table">
                {head}
                <tbody>
                  {rows
                    .filter((row) => row.rubric !== null)
                    .map((row) => (
                      <Line key={`${row.judge}|${row.rubric}`} row={row} text={text} />
                    ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </div>
  );
}
