/**
 * A pairwise run in the Judge view: per judge (and the panel, pooled, when several) the pairs
 * judged, incomplete, consistent and inconsistent, wins, ties, A's win rate with its 95% Wilson
 * interval, the position-inconsistency rate and how often the first position was favoured; the
 * stacked bars; every pair with both orders' verdicts and rationales as text; the exports.
 * Verdicts are read live, so a running job's results appear as they are stored.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { pairwiseSummary, type PairwiseSummaryRow } from '../../../../shared/judge/pairwise-summary';
import type { JudgeRunRow } from '../../../../shared/model/judge';
import type { PairwiseVerdictRow } from '../../../../shared/model/pairwise';
import { getDb } from '../../db/db';
import { getDialogues } from '../../db/repositories/dialogues';
import { pairwiseVerdictsOfRun } from '../../db/repositories/pairwise-jobs';
import { formatNumber } from '../../i18n';
import { useAppStore } from '../../stores/app/store';
import type { TableSave } from '../../stores/export/save-table';
import { pairwiseCsv, pairwiseMarkdown, savePairwiseSummary } from '../../stores/judge/pairwise-export';
import { PairwiseChart } from './PairwiseChart';
import { orderVerdictsOf, pairDrillRows, type PairDrillRow, type PairOutcome } from './pairwise-pairs';
import { usePairwiseText, type PairwiseStringKey } from './pairwise-strings';

const DRILL_LIMIT = 200;
const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
const percent = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${(value * 100).toFixed(1)}%`);

const COLUMNS: PairwiseStringKey[] = ['judge', 'judged', 'incomplete', 'consistent', 'inconsistent', 'winsA', 'winsB', 'ties', 'winRateA', 'inconsistencyRate', 'firstFavoured'];

export function PairwiseSection({ run }: { run: JudgeRunRow }) {
  const { t } = usePairwiseText();
  const info = run.pairwise;
  const verdicts = useLiveQuery(() => pairwiseVerdictsOfRun(getDb(), run.id), [run.id]);
  const judges = run.judges.map((judge) => judge.name);
  const summary = useMemo(() => {
    const rows = pairwiseSummary(orderVerdictsOf(verdicts ?? []));
    const rank = new Map(judges.map((name, index) => [name, index]));
    return rows.sort((a, b) => (a.judge === null ? 1 : b.judge === null ? -1 : (rank.get(a.judge) ?? 0) - (rank.get(b.judge) ?? 0)));
  }, [verdicts, judges.join('\n')]);
  const [save, setSave] = useState<TableSave<'csv' | 'md'> | null>(null);
  if (!info) return null;
  const title = t('title', { a: info.groupA, b: info.groupB });
  const exportAs = (kind: 'csv' | 'md') =>
    void savePairwiseSummary(kind, run.name, () => (kind === 'csv' ? pairwiseCsv(summary, info, t('panel')) : pairwiseMarkdown(summary, { title, panel: t('panel'), columns: COLUMNS.map((key) => t(key)) })), setSave);

  return (
    <section className="judge-section pairwise-section" data-testid="pairwise-section" data-verdicts={verdicts?.length ?? -1}>
      <div className="judge-table-head">
        <h2>{title}</h2>
        <button type="button" className="quiet" data-testid="pairwise-export-csv" onClick={() => exportAs('csv')}>
          {t('exportCsv')}
        </button>
        <button type="button" className="quiet" data-testid="pairwise-export-md" onClick={() => exportAs('md')}>
          {t('exportMd')}
        </button>
        {save && (
          <span className="judge-save" data-testid="pairwise-save" data-status={save.status} role="status">
            {save.status === 'saved' ? t('saved', { path: save.path ?? '' }) : t(save.status === 'working' ? 'saving' : save.status === 'canceled' ? 'canceled' : 'saveFailed')}
          </span>
        )}
      </div>
      <p className="judge-intro">{t('intro')}</p>
      {info.unpairedCount > 0 && <p className="muted small" data-testid="pairwise-unpaired">{t('unpairedRun', { n: info.unpairedCount })}</p>}
      {verdicts === undefined ? (
        <p>{t('loading')}</p>
      ) : verdicts.length === 0 ? (
        <p data-testid="pairwise-empty">{t('noVerdicts')}</p>
      ) : (
        <>
          <SummaryTable rows={summary} />
          <PairwiseChart rows={summary} panelLabel={t('panel')} />
          <PairDrillDown run={run} verdicts={verdicts} judges={judges} />
        </>
      )}
    </section>
  );
}

function SummaryTable({ rows }: { rows: readonly PairwiseSummaryRow[] }) {
  const { t, lang } = usePairwiseText();
  const n = (value: number) => formatNumber(lang, value);
  return (
    <div className="judge-table-scroll">
      <table className="judge-table" data-testid="pairwise-summary">
        <caption>{t('incompleteNote')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((key) => (
              <th key={key} scope="col">
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.judge ?? '\u0000panel'}
              data-testid="pairwise-row"
              data-judge={row.judge ?? ''}
              data-judged={row.judged}
              data-incomplete={row.incomplete}
              data-consistent={row.consistent}
              data-inconsistent={row.inconsistent}
              data-wins-a={row.winsA}
              data-wins-b={row.winsB}
              data-ties={row.ties}
              data-inconsistency-rate={row.positionInconsistencyRate ?? ''}
              data-win-rate-a={row.winRateA ?? ''}
              data-first-favoured={row.firstPositionFavoured}
            >
              <th scope="row">{row.judge ?? t('panel')}</th>
              <td>{n(row.judged)}</td>
              <td>{n(row.incomplete)}</td>
              <td>{n(row.consistent)}</td>
              <td>{n(row.inconsistent)}</td>
              <td>{n(row.winsA)}</td>
              <td>{n(row.winsB)}</td>
              <td>{n(row.ties)}</td>
              <td>
                {percent(row.winRateA)}
                {row.winRateAInterval && <span className="judge-nsd">[{percent(row.winRateAInterval.low)}, {percent(row.winRateAInterval.high)}]</span>}
              </td>
              <td>{percent(row.positionInconsistencyRate)}</td>
              <td>{n(row.firstPositionFavoured)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const OUTCOME_KEY: Record<PairOutcome, PairwiseStringKey> = { A: 'outcomeA', B: 'outcomeB', tie: 'outcomeTie', inconsistent: 'outcomeInconsistent', incomplete: 'outcomeIncomplete' };

function PairDrillDown({ run, verdicts, judges }: { run: JudgeRunRow; verdicts: readonly PairwiseVerdictRow[]; judges: string[] }) {
  const { t, lang } = usePairwiseText();
  const [judge, setJudge] = useState(judges[0] ?? '');
  const [onlyInconsistent, setOnlyInconsistent] = useState(false);
  const openDialogue = useAppStore((s) => s.openDialogue);
  const names = useLiveQuery(async () => {
    const ids = (run.pairwise?.pairs ?? []).flatMap((pair) => [pair.a, pair.b]);
    return getDialogues(getDb(), ids);
  }, [run.id]);
  const all = useMemo(() => pairDrillRows(run.pairwise?.pairs ?? [], verdicts, [judge]), [run, verdicts, judge]);
  const rows = onlyInconsistent ? all.filter((row) => row.outcome === 'inconsistent') : all;
  const shown = rows.slice(0, DRILL_LIMIT);
  return (
    <section className="judge-section" data-testid="pairwise-drilldown">
      <h2>{t('drillTitle')}</h2>
      <div className="judge-table-head">
        {judges.length > 1 && (
          <label>
            {t('drillJudge')}{' '}
            <select data-testid="pairwise-drill-judge" value={judge} onChange={(event) => setJudge(event.target.value)}>
              {judges.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="radio">
          <input type="checkbox" data-testid="pairwise-only-inconsistent" checked={onlyInconsistent} onChange={(event) => setOnlyInconsistent(event.target.checked)} />
          <span>{t('onlyInconsistent')}</span>
        </label>
        <span className="muted small">{t('shownOf', { shown: formatNumber(lang, shown.length), total: formatNumber(lang, all.length) })}</span>
      </div>
      <div className="judge-table-scroll">
        <table className="judge-table pairwise-pairs">
          <thead>
            <tr>
              <th scope="col">{t('pair')}</th>
              <th scope="col">{t('topicStudent')}</th>
              <th scope="col">{t('orderAb')}</th>
              <th scope="col">{t('orderBa')}</th>
              <th scope="col">{t('outcome')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => {
              const a = names?.get(row.pair.a);
              return (
                <tr key={row.key} data-testid="pairwise-pair" data-pair={row.pair.id} data-outcome={row.outcome} data-a={row.pair.a} data-b={row.pair.b}>
                  <th scope="row">
                    {row.pair.id}
                    {row.sample > 0 ? ` #${row.sample}` : ''}
                  </th>
                  <td className="pairwise-topic" title={a ? `${a.topicText}\n${a.studentType}` : undefined}>
                    {t('topicStudentValue', { topic: row.pair.topicId, student: row.pair.studentId })}
                    {a && <span className="pairwise-rationale">{shorten(a.topicText, 40)}{a.studentType ? ` · ${shorten(a.studentType, 20)}` : ''}</span>}
                  </td>
                  <VerdictCell row={row.ab} testId="pairwise-ab" />
                  <VerdictCell row={row.ba} testId="pairwise-ba" />
                  <td className={row.outcome === 'inconsistent' ? 'pairwise-inconsistent' : undefined}>{t(OUTCOME_KEY[row.outcome])}</td>
                  <td className="pairwise-open">
                    <button type="button" className="link" data-testid="pairwise-open-a" onClick={() => openDialogue(row.pair.a, 'judge')}>
                      {t('openA')}
                    </button>
                    <button type="button" className="link" data-testid="pairwise-open-b" onClick={() => openDialogue(row.pair.b, 'judge')}>
                      {t('openB')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const VERDICT_KEY = { first: 'verdictFirst', second: 'verdictSecond', tie: 'verdictTie' } as const;
const WINNER_KEY = { A: 'winnerA', B: 'winnerB', tie: 'winnerTie' } as const;

/** One order's verdict and rationale, as text (model output is never markup). */
function VerdictCell({ row, testId }: { row: PairDrillRow['ab']; testId: string }) {
  const { t } = usePairwiseText();
  if (!row) return <td className="muted">{t('missing')}</td>;
  if (row.status === 'failed' || !row.verdict || !row.winner) return <td className="judge-failed" data-testid={testId}>{t('failed', { reason: row.reason ?? '' })}</td>;
  return (
    <td className="pairwise-verdict" data-testid={testId} data-verdict={row.verdict}>
      <strong>
        {t(VERDICT_KEY[row.verdict])} {t(WINNER_KEY[row.winner])}
      </strong>
      {row.rationale && <span className="pairwise-rationale">{row.rationale}</span>}
    </td>
  );
}
