import { useMemo, useRef, type KeyboardEvent } from 'react';
import type { SynthesisRoundRow } from '../../../../../shared/model/synthesis';
import { decisionWords, percent } from './format';
import { ReasonText } from '../../jobs/ReasonText';
import { RoundsChart } from './RoundsChart';
import { roundSummaries, steppedRound, type RoundSummary } from './rounds-summary';
import { useSynthesisPanelText, type SynthesisPanelTextApi } from './strings';
import './panels.css';

function Notes({ line, text }: { line: RoundSummary; text: SynthesisPanelTextApi }) {
  const { t } = text;
  return (
    <span className="synthesis-badges">
      {line.best && (
        <span className="synthesis-badge synthesis-badge-best" data-testid="synthesis-round-best">
          ★ {t('bestBadge')}
        </span>
      )}
      {line.rolledBackTo !== null && (
        <span className="synthesis-badge synthesis-badge-rollback" data-testid="synthesis-round-rollback">
          ✕ {t('rolledBackBadge', { round: line.rolledBackTo })}
        </span>
      )}
      {line.driftWarned && (
        <span className="synthesis-badge synthesis-badge-warn" data-testid="synthesis-round-drift" title={t('driftBadgeHint')}>
          ⚠ {t('driftBadge')}
        </span>
      )}
    </span>
  );
}

function RoundLine({ line, selected, tabbable, text, rowRef, onSelect }: { line: RoundSummary; selected: boolean; tabbable: boolean; text: SynthesisPanelTextApi; rowRef(element: HTMLTableRowElement | null): void; onSelect(): void }) {
  const { t } = text;
  return (
    <tr
      ref={rowRef}
      tabIndex={tabbable ? 0 : -1}
      aria-selected={selected}
      className={selected ? 'selected' : undefined}
      data-testid="synthesis-round-row"
      data-round={line.round}
      data-state={line.state}
      onClick={onSelect}
    >
      <th scope="row">{line.round === 0 ? t('roundDraft', { round: 0 }) : line.round}</th>
      <td className="numeric">{line.state === 'done' && line.fineShare !== null ? t('fineCount', { fine: line.fine, total: line.total, share: percent(line.fineShare) }) : '—'}</td>
      <td className="synthesis-wrap">
        {line.state === 'running' && <span className="synthesis-running">{t('roundRunning')}</span>}
        {line.state === 'failed' && (
          <span className="error-inline">
            {t('roundFailed')} <ReasonText why={line.failureWhy} detail={line.failure ?? ''} testId="synthesis-round-line-failure" />
          </span>
        )}
        {line.decision && decisionWords(text.lang, line.decision)}
      </td>
      <td>{line.revisions ? t('revisionCounts', line.revisions) : line.state === 'done' ? t('revisionNone') : '—'}</td>
      <td>
        <Notes line={line} text={text} />
      </td>
    </tr>
  );
}

/**
 * Every round of a session: a chart of the objective per round (best and rolled-back rounds
 * marked) and a table to choose a round from, by click or ↑ ↓ (the selection follows the focus).
 */
export function RoundsOverview(props: { rounds: readonly SynthesisRoundRow[]; best: number | null; selected: number | null; onSelect(round: number): void }) {
  const { rounds, best, selected, onSelect } = props;
  const text = useSynthesisPanelText();
  const { t } = text;
  const lines = useMemo(() => roundSummaries(rounds, best), [rounds, best]);
  const rowRefs = useRef(new Map<number, HTMLTableRowElement>());
  const order = lines.map((line) => line.round);
  // with nothing chosen yet, the first row takes the focus so Tab reaches the list
  const focusable = selected !== null && order.includes(selected) ? selected : (order[0] ?? null);

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const moves: Record<string, -1 | 1> = { ArrowUp: -1, ArrowDown: 1 };
    const current = Number((event.target as HTMLElement).closest('tr')?.dataset.round ?? focusable);
    if (event.key in moves) {
      event.preventDefault();
      const next = steppedRound(order, Number.isFinite(current) ? current : null, moves[event.key]);
      if (next === null) return;
      rowRefs.current.get(next)?.focus();
      onSelect(next);
    } else if ((event.key === 'Enter' || event.key === ' ') && Number.isFinite(current)) {
      event.preventDefault();
      onSelect(current);
    }
  };

  return (
    <section className="synthesis-panel" data-testid="synthesis-rounds" aria-labelledby="synthesis-rounds-title">
      <h3 id="synthesis-rounds-title">{t('roundsTitle')}</h3>
      {lines.length === 0 ? (
        <p className="muted" data-testid="synthesis-rounds-none">
          {t('roundsNone')}
        </p>
      ) : (
        <>
          {lines.some((line) => line.state === 'done') && <RoundsChart lines={lines} text={text} />}
          <div className="synthesis-table-scroll">
            <table className="synthesis-table synthesis-rows-selectable" aria-label={t('roundsListLabel')}>
              <thead>
                <tr>
                  <th scope="col">{t('colRound')}</th>
                  <th scope="col" className="numeric">
                    {t('colFine')}
                  </th>
                  <th scope="col">{t('colDecision')}</th>
                  <th scope="col">{t('colRevisions')}</th>
                  <th scope="col">{t('colNotes')}</th>
                </tr>
              </thead>
              <tbody onKeyDown={onKeyDown}>
                {lines.map((line) => (
                  <RoundLine
                    key={line.round}
                    line={line}
                    selected={line.round === selected}
                    tabbable={line.round === focusable}
                    text={text}
                    rowRef={(element) => {
                      if (element) rowRefs.current.set(line.round, element);
                      else rowRefs.current.delete(line.round);
                    }}
                    onSelect={() => onSelect(line.round)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
