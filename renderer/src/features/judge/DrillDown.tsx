import { useState } from 'react';
import { useAppStore } from '../../stores/app/store';
import type { JudgeReport } from '../../stores/judge/run-judge';
import { formatMean } from '../../stores/judge/table-export';
import type { JudgeTextApi } from './strings';

const DRILL_LIMIT = 200;

/** One judge's means per dialogue; a dialogue opens in review beside its rationales. */
export function DrillDown({ report, judge, text }: { report: JudgeReport; judge: string; text: JudgeTextApi }) {
  const { t } = text;
  const [group, setGroup] = useState('');
  const openDialogue = useAppStore((s) => s.openDialogue);
  const groups = [...new Set(report.dialogues.map((row) => row.group))];
  const rows = report.dialogues.filter((row) => row.judge === judge && (group === '' || row.group === group));
  const shown = rows.slice(0, DRILL_LIMIT);
  return (
    <section className="judge-section" data-testid="judge-drilldown">
      <h2>{t('drillTitle')}</h2>
      <p className="judge-intro">{t('drillHint')}</p>
      <label>
        {t('drillGroup')}{' '}
        <select value={group} onChange={(event) => setGroup(event.target.value)} data-testid="judge-drill-group">
          <option value="">{t('drillAll')}</option>
          {groups.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {rows.length > shown.length && <p>{t('drillShown', { shown: shown.length, total: rows.length })}</p>}
      <div className="judge-table-scroll">
        <table className="judge-table">
          <thead>
            <tr>
              <th scope="col">{t('drillDialogue')}</th>
              <th scope="col">{t('drillGroup')}</th>
              {report.set.rubrics.map((rubric) => (
                <th key={rubric.id} scope="col">
                  {rubric.id}
                </th>
              ))}
              <th scope="col">{t('overall')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={`${row.dialogueId}|${row.judge}`} data-testid="judge-dialogue" data-dialogue-id={row.dialogueId}>
                <td>
                  <button type="button" className="link" onClick={() => openDialogue(row.dialogueId, 'judge')}>
                    {row.externalId}
                  </button>
                </td>
                <td>{row.group}</td>
                {row.means.map((mean, index) => (
                  <td key={index}>{formatMean(mean)}</td>
                ))}
                <td className="judge-failed">{row.failed > 0 ? t('failedCount', { n: row.failed }) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
