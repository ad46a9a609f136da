import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../stores/app/store';
import { useAdjudicationStore } from '../../stores/adjudication/store';
import { SetupPanel } from './SetupPanel';
import { useAdjudicationText } from './strings';
import { Workspace } from './Workspace';
import { ADJUDICATED_LAYER_NAME } from '../../db/repositories/adjudications';
import './adjudication.css';

/** Adjudication of the disagreements between the layers of a data set (issue 11). */
export function AdjudicationView({ datasetId }: { datasetId: string }) {
  const { t } = useAdjudicationText();
  const { status, error, phase, loadedFor, load, changeSetup } = useAdjudicationStore(
    useShallow((state) => ({ status: state.status, error: state.error, phase: state.phase, loadedFor: state.datasetId, load: state.load, changeSetup: state.changeSetup })),
  );
  const goTo = useAppStore((state) => state.goTo);

  useEffect(() => {
    void load(datasetId);
  }, [datasetId, load]);

  const state = loadedFor !== datasetId ? 'loading' : status === 'idle' ? 'loading' : status;
  return (
    <section className="view adj-view" data-testid="adjudication-view" data-state={state} data-phase={phase}>
      <header className="view-header">
        <h1>{t('title')}</h1>
        <div className="button-row">
          {state === 'ready' && phase === 'queue' && (
            <button type="button" data-testid="adjudication-change-setup" onClick={changeSetup}>
              {t('changeSetup')}
            </button>
          )}
          <button type="button" data-testid="adjudication-back" onClick={() => goTo('datasets')}>
            {t('back')}
          </button>
        </div>
      </header>
      {state === 'loading' && <p className="loading">{t('loading')}</p>}
      {state === 'missing' && <p className="empty-state">{t('missing')}</p>}
      {state === 'error' && (
        <div className="error-panel" role="alert">
          <p>{t('failed', { message: error ?? '' })}</p>
          <button type="button" onClick={() => void load(datasetId)}>
            {t('retry')}
          </button>
        </div>
      )}
      {state === 'ready' && phase === 'setup' && <SetupPanel datasetId={datasetId} />}
      {state === 'ready' && phase === 'queue' && <Workspace />}
      {state === 'ready' && <p className="muted">{t('layerListed', { name: ADJUDICATED_LAYER_NAME })}</p>}
    </section>
  );
}
