import { useEffect, useMemo, useRef, useState } from 'react';
import type { SynthesisRoundRow, SynthesisSessionRow, SynthesisVersionRow } from '../../../../shared/model/synthesis';
import { hasUnscoredEdits } from '../../../../shared/synthesis/session';
import { useJobsStore } from '../../stores/jobs/store';
import { useSynthesisStore } from '../../stores/synthesis/store';
import type { MetricEdit } from '../../stores/synthesis/types';
import { DiagnosticsTable } from './panels/DiagnosticsTable';
import { DriftPanel } from './panels/DriftPanel';
import { LowestItems } from './panels/LowestItems';
import { RoundsOverview } from './panels/RoundsOverview';
import { VersionsPanel } from './panels/VersionsPanel';
import { WorkingMetricsEditor } from './panels/WorkingMetricsEditor';
import { LoopDecision } from './LoopDecision';
import { ResultActions } from './ResultActions';
import { FailureText } from '../jobs/FailureText';
import { ReasonText } from '../jobs/ReasonText';
import { RoundProgress } from './RoundProgress';
import { bestOf, lastRound, nextStep, roundRecords, sessionSpec } from './session-facts';
import type { SynthesisTextApi } from './strings';

interface SessionDetailProps {
  session: SynthesisSessionRow;
  rounds: SynthesisRoundRow[];
  versions: SynthesisVersionRow[];
  onClose(): void;
  text: SynthesisTextApi;
}

/** One open session: its rounds, the chosen round's evidence, the working metrics between rounds, the loop's next step and the result. */
export function SessionDetail({ session, rounds, versions, onClose, text }: SessionDetailProps) {
  const { t } = text;
  const actions = useSynthesisStore();
  const spec = useMemo(() => sessionSpec(session), [session.specSource, session.specFile]);
  const last = lastRound(rounds);
  const lastFinished = [...rounds].filter((row) => row.payload).sort((a, b) => b.round - a.round)[0] ?? null;
  const best = bestOf(rounds);
  const step = nextStep(session, rounds, spec);
  const job = useJobsStore((state) => (last ? state.jobs[last.jobId] : undefined));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [selectedRound, setSelectedRound] = useState<number | null>(null);
  const [selectedMetric, setSelectedMetric] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [unsaved, setUnsaved] = useState<readonly string[]>([]);
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);

  // opened from the list or just started: keyboard users continue from the session, not from the button they left
  useEffect(() => {
    headingRef.current?.focus();
  }, [session.id]);
  // typed text lives on in the drafts store when the view is left; closing the window would lose it
  useEffect(() => {
    if (unsaved.length === 0) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved.length]);
  // a new round's payload is what the educator reads next
  useEffect(() => {
    setSelectedRound(lastFinished?.round ?? null);
  }, [session.id, lastFinished?.round]);
  const shown = rounds.find((row) => row.round === selectedRound && row.payload) ?? lastFinished;
  const payload = shown?.payload ?? null;
  const lockedInShown = payload?.record.locked ?? [];
  const metricId = selectedMetric && payload?.metrics.some((metric) => metric.id === selectedMetric) ? selectedMetric : null;
  const dimensionNames = useMemo(() => Object.fromEntries((spec?.dimensions ?? []).map((dimension) => [dimension.id, dimension.name])), [spec]);
  const unscored = session.working ? hasUnscoredEdits(roundRecords(rounds), session.working) : false;

  const act = async (run: () => Promise<void>) => {
    setBusy(true);
    setFailed(null);
    try {
      await run();
    } catch (error) {
      setFailed({ error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="synthesis-session" data-testid="synthesis-session" data-session-id={session.id} data-status={session.status} data-step={step} aria-labelledby="synthesis-session-title">
      <div className="synthesis-session-head">
        <h2 id="synthesis-session-title" ref={headingRef} tabIndex={-1}>{t('sessionHeading', { title: session.title })}</h2>
        <button type="button" className="quiet" data-testid="synthesis-close-session" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <p className="muted" data-testid="synthesis-session-spec">
        {t('sessionSpec', { id: session.spec.id, version: session.spec.version, hash: session.spec.hash.slice(0, 8), answers: session.answersPerItem, language: t(session.language === 'zh' ? 'languageZh' : 'languageEn') })}
      </p>
      {rounds.some((row) => row.payload) && best && <RoundsOverview rounds={rounds} best={best.version} selected={shown?.round ?? null} onSelect={setSelectedRound} />}
      {step === 'running' && last && <RoundProgress round={last.round} job={job} text={text} />}
      {last?.failure && (
        <p className="error-inline" role="alert" data-testid="synthesis-round-failed">
          {t('roundFailed', { round: last.round })} <ReasonText why={last.failureWhy} detail={last.failure} testId="synthesis-round-failed-reason" />
        </p>
      )}
      {shown && payload && (
        <section className="synthesis-round" data-testid="synthesis-round" data-round={shown.round} aria-label={t('roundHeading', { round: shown.round })}>
          <DiagnosticsTable payload={payload} locked={lockedInShown} selectedMetric={metricId} onSelectMetric={setSelectedMetric} />
          {payload.drift && <DriftPanel drift={payload.drift} metrics={payload.metrics} />}
          <LowestItems payload={payload} metricId={metricId} />
        </section>
      )}
      {lastFinished?.payload && <LoopDecision session={session} payload={lastFinished.payload} text={text} />}
      {session.working && (step === 'continue' || step === 'another') && (
        <div className="synthesis-working" data-testid="synthesis-working" data-based-on={session.working.basedOn}>
          <WorkingMetricsEditor
            working={session.working}
            diagnostics={rounds.find((row) => row.round === session.working!.basedOn)?.payload?.diagnostics ?? null}
            dimensionNames={dimensionNames}
            disabled={busy}
            onEdit={(metric: string, edit: MetricEdit) => actions.editMetric(session.id, metric, edit)}
            onLock={(metric: string, locked: boolean) => actions.setLocked(session.id, metric, locked)}
            onUnsavedChange={setUnsaved}
            draftScope={session.id}
          />
        </div>
      )}
      <div className="button-row synthesis-loop-buttons">
        {step === 'continue' && (
          <button type="button" className="primary" data-testid="synthesis-continue" disabled={busy || unsaved.length > 0} aria-describedby={unsaved.length > 0 ? 'synthesis-unsaved-note' : undefined} onClick={() => void act(() => actions.continueRound(session.id))}>
            {busy ? t('working') : t('continue')}
          </button>
        )}
        {step === 'another' && (
          <button type="button" data-testid="synthesis-another-round" disabled={busy || unsaved.length > 0} aria-describedby="synthesis-another-note" onClick={() => void act(() => actions.continueRound(session.id))}>
            {busy ? t('working') : t('anotherRound')}
          </button>
        )}
        {step === 'another' && (
          <span className="muted" id="synthesis-another-note" data-testid="synthesis-another-note">
            {t('anotherRoundNote')}
          </span>
        )}
        {(step === 'continue' || step === 'another') && unsaved.length > 0 && (
          <span className="muted" id="synthesis-unsaved-note" data-testid="synthesis-unsaved-note">
            {t('unsavedFirst', { metrics: unsaved.join(text.lang === 'zh' ? '、' : ', ') })}
          </span>
        )}
        {step === 'retry' && (
          <button type="button" className="primary" data-testid="synthesis-retry" disabled={busy} onClick={() => void act(() => actions.retryRound(session.id))}>
            {t('retry')}
          </button>
        )}
        {step !== 'done' && (session.status !== 'stopped' || session.stop?.reason !== 'educator') && (
          <button type="button" data-testid="synthesis-stop" disabled={busy || unsaved.length > 0} onClick={() => void act(() => actions.stop(session.id))}>
            {t('stop')}
          </button>
        )}
      </div>
      {failed && (
        <p className="error-inline" role="alert">
          <FailureText lead={t('actionFailed')} error={failed.error} testId="synthesis-action-error" />
        </p>
      )}
      {best && step !== 'running' && <ResultActions key={session.id} session={session} best={best} unscoredEdits={unscored} text={text} />}
      <VersionsPanel versions={versions} />
    </section>
  );
}
