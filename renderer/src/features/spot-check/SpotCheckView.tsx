import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSpotCheckStore } from '../../stores/spot-check/store';
import { DrawPanel } from './DrawPanel';
import { ResultsPanel } from './ResultsPanel';
import { rowSummary } from './row-summary';
import { useSpotCheckText } from './strings';
import './spot-check.css';

/** Spot-checks of one data set: draw a sample, the saved ones, and the shown one's results. */
export function SpotCheckView({ datasetId }: { datasetId: string }) {
  const text = useSpotCheckText();
  const { t } = text;
  const status = useSpotCheckStore((state) => state.status);
  const error = useSpotCheckStore((state) => state.error);
  const rows = useSpotCheckStore((state) => state.rows);
  const layers = useSpotCheckStore((state) => state.layers);
  const codebook = useSpotCheckStore((state) => state.codebook);
  const shownId = useSpotCheckStore((state) => state.shownId);
  const load = useSpotCheckStore((state) => state.load);
  const show = useSpotCheckStore((state) => state.show);
  const remove = useSpotCheckStore((state) => state.remove);
  const openQueue = useSpotCheckStore((state) => state.openQueue);

  useEffect(() => {
    void load(datasetId);
  }, [datasetId, load]);

  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const shown = rows.find((row) => row.id === shownId) ?? null;
  return (
    <section className="view sc-view" data-testid="spot-check-view" data-state={status}>
      <header className="view-header">
        <h1>{t('title')}</h1>
      </header>
      <p className="muted">{t('intro')}</p>
      {status === 'loading' && rows.length === 0 && <p className="loading">{t('loading')}</p>}
      {status === 'missing' && <p role="alert">{t('missing')}</p>}
      {status === 'error' && <p role="alert">{t('failed', { message: error ?? '' })}</p>}
      {(status === 'ready' || (status === 'loading' && rows.length > 0)) && (
        <>
          <DrawPanel text={text} />
          <section className="sc-panel" data-testid="spot-check-list" aria-labelledby="sc-list-title">
            <h2 id="sc-list-title">{t('listTitle')}</h2>
            {rows.length === 0 ? (
              <div className="empty-state compact" data-testid="spot-check-empty">
                <h3>{t('emptyTitle')}</h3>
                <p>{t('emptyBody')}</p>
              </div>
            ) : (
              <ul className="sc-list">
                {rows.map((row) => (
                  <li key={row.id} data-testid="spot-check-item" data-spot-check-id={row.id} aria-current={row.id === shownId ? 'true' : undefined}>
                    <button type="button" className="link" onClick={() => void show(row.id)}>
                      {row.name}
                    </button>
                    <span className="muted">{rowSummary(row, layers, text, codebook)}</span>
                    <button type="button" className={row.id === shownId ? 'primary' : undefined} data-testid="spot-check-open-queue" onClick={() => void openQueue(row.id)}>
                      {row.position > 0 ? t('resumeSample', { k: row.position + 1, n: row.items.length }) : t('reviewSample')}
                    </button>
                    <button type="button" className="quiet" data-testid="spot-check-delete" onClick={() => setRemoving({ id: row.id, name: row.name })}>
                      {t('remove')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {shown && <ResultsPanel row={shown} text={text} />}
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('removeTitle', { name: removing?.name ?? '' })}
        confirmLabel={t('remove')}
        cancelLabel={t('cancel')}
        destructive
        onConfirm={() => {
          if (removing) void remove(removing.id);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>{t('removeBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
