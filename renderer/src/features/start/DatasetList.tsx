import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { DatasetSummary } from '../../db/repositories/datasets';
import { formatDateTime, useLanguage, useT } from '../../i18n';
import { useAppStore } from '../../stores/app/store';
import { useDatasetsStore } from '../../stores/datasets/store';

export function DatasetList() {
  const t = useT();
  const lang = useLanguage();
  const list = useDatasetsStore((state) => state.list);
  const listStatus = useDatasetsStore((state) => state.listStatus);
  const { loadList, deleteDataset } = useDatasetsStore(useShallow((state) => ({ loadList: state.loadList, deleteDataset: state.deleteDataset })));
  const openDataset = useAppStore((state) => state.openDataset);
  const [pendingDelete, setPendingDelete] = useState<DatasetSummary | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    void loadList();
  }, [loadList]);

  if (listStatus !== 'ready' && list.length === 0) return null;

  return (
    <section className="dataset-list" data-testid="start-dataset-list" aria-labelledby="dataset-list-title">
      <h2 id="dataset-list-title">{t('start.yourDatasets')}</h2>
      {list.length === 0 ? (
        <p className="muted" data-testid="start-no-datasets">
          {t('start.noDatasets')}
        </p>
      ) : (
        <ul>
          {list.map((summary) => (
            <li key={summary.dataset.id} className="dataset-item" data-testid="start-dataset-item" data-dataset-id={summary.dataset.id}>
              <button type="button" className="dataset-open" data-testid="start-dataset-open" onClick={() => openDataset(summary.dataset.id)}>
                <span className="dataset-title">{summary.dataset.name}</span>
                <span className="muted dataset-counts" data-testid="start-dataset-counts">
                  {t('start.datasetCounts', {
                    dialogues: summary.dialogues,
                    turns: summary.turns,
                    verified: summary.verifiedDialogues,
                    models: summary.teacherModels.length,
                  })}
                </span>
                <span className="muted dataset-date">{t('start.createdAt', { date: formatDateTime(lang, summary.dataset.createdAt) })}</span>
              </button>
              <button type="button" className="quiet danger-text" data-testid="start-dataset-delete" onClick={() => setPendingDelete(summary)}>
                {t('start.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={t('start.deleteTitle', { name: pendingDelete?.dataset.name ?? '' })}
        confirmLabel={t('start.deleteConfirm')}
        cancelLabel={t('common.cancel')}
        destructive
        busy={deleting}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => {
          if (!pendingDelete) return;
          setDeleting(true);
          void deleteDataset(pendingDelete.dataset.id).finally(() => {
            setDeleting(false);
            setPendingDelete(null);
          });
        }}
      >
        <p>
          {t('start.deleteBody', {
            dialogues: pendingDelete?.dialogues ?? 0,
            verified: pendingDelete?.verifiedDialogues ?? 0,
          })}
        </p>
      </ConfirmDialog>
    </section>
  );
}
