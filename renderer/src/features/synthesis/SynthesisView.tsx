import { useEffect, useState } from 'react';
import { useAppStore } from '../../stores/app/store';
import { useConnectionsStore } from '../../stores/connections/store';
import { useJobsStore } from '../../stores/jobs/store';
import { useSynthesisStore } from '../../stores/synthesis/store';
import type { SynthesisSessionRow } from '../../../../shared/model/synthesis';
import { SYNTHESIS_JOB_KIND } from '../../../../shared/synthesis/synthesis-job';
import { SessionDetail } from './SessionDetail';
import { SessionList } from './SessionList';
import { StartSynthesisDialog } from './StartSynthesisDialog';
import { useSynthesisText } from './strings';
import { useSessionSummaries } from './use-session-summaries';
import './synthesis.css';

/** Every rubric-synthesis session (no data set needed): start one from a spec, open one to work between its rounds and keep its result. */
export function SynthesisView() {
  const text = useSynthesisText();
  const { t } = text;
  const { sessions, error, openSessionId, rounds, versions, load, openSession, refresh } = useSynthesisStore();
  const datasetId = useAppStore((state) => state.datasetId);
  const goTo = useAppStore((state) => state.goTo);
  const jobs = useJobsStore((state) => state.jobs);
  const [starting, setStarting] = useState(false);
  const connections = useConnectionsStore((state) => state.connections);
  const connectionsLoaded = useConnectionsStore((state) => state.loaded);
  // a round's payload is stored after its job reports it: reread then, so status and rounds keep up
  const progressKey = Object.values(jobs)
    .filter((job) => job.kind === SYNTHESIS_JOB_KIND)
    .map((job) => `${job.id}:${job.progress.done}:${job.status}`)
    .join('|');

  useEffect(() => {
    void useJobsStore
      .getState()
      .idle()
      .then(async () => {
        await load();
        await refresh();
      });
  }, [progressKey]);

  useEffect(() => {
    if (!connectionsLoaded) void useConnectionsStore.getState().load();
  }, [connectionsLoaded]);

  const open = sessions?.find((session) => session.id === openSessionId) ?? null;
  const summaries = useSessionSummaries(sessions);
  const roundsOf = (session: SynthesisSessionRow) => summaries[session.id] ?? { rounds: null, best: null };

  return (
    <section className="view synthesis-view" data-testid="synthesis-view">
      <div className="button-row">
        <button type="button" className="quiet" data-testid="synthesis-back" onClick={() => goTo(datasetId ? 'datasets' : 'start')}>
          {t('back')}
        </button>
      </div>
      <h1>{t('title')}</h1>
      <p className="muted synthesis-intro">{t('intro')}</p>
      <div className="button-row">
        <button type="button" className="primary" data-testid="synthesis-new" onClick={() => setStarting(true)}>
          {t('newSession')}
        </button>
      </div>
      {error && (
        <p className="error-inline" role="alert">
          {t('failed', { message: error })}
        </p>
      )}
      {sessions === null ? (
        <p className="muted">{t('loading')}</p>
      ) : sessions.length === 0 ? (
        <div className="empty-state" data-testid="synthesis-empty">
          <h2>{t('emptyTitle')}</h2>
          <p>{t(connectionsLoaded && connections.length === 0 ? 'emptyNoConnections' : 'emptyBody')}</p>
        </div>
      ) : (
        <SessionList sessions={sessions} openSessionId={openSessionId} roundsOf={roundsOf} onOpen={(id) => void openSession(id)} text={text} />
      )}
      {open && <SessionDetail key={open.id} session={open} rounds={rounds} versions={versions} onClose={() => void openSession(null)} text={text} />}
      <StartSynthesisDialog
        open={starting}
        onClose={() => setStarting(false)}
        onStarted={(session) => {
          setStarting(false);
          void openSession(session.id);
        }}
      />
    </section>
  );
}
