import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../stores/app/store';
import { useGenerationRunsStore } from '../../stores/generation/runs-store';
import { useJobsStore } from '../../stores/jobs/store';
import { JobCard } from './JobCard';
import { type ItemDialogue, useItemDialogues } from './item-dialogues';
import { useJobsPanelStore } from './panel-store';
import { useJobsText } from './strings';
import './jobs.css';

const NO_DISCARDED: never[] = [];

/** The Jobs panel: a modal <dialog> (focus kept inside, Escape closes), opened from the top bar in every view. */
export function JobsPanel() {
  const { t } = useJobsText();
  const { open, setOpen } = useJobsPanelStore();
  const { jobs, order, discarded, pausing, pause, resume, cancel } = useJobsStore(
    useShallow((state) => ({ jobs: state.jobs, order: state.order, discarded: state.discarded, pausing: state.pausing, pause: state.pause, resume: state.resume, cancel: state.cancel })),
  );
  const { goTo, openDataset, openDialogue } = useAppStore(useShallow((state) => ({ goTo: state.goTo, openDataset: state.openDataset, openDialogue: state.openDialogue })));
  const itemIds = open ? order.flatMap((id) => [...jobs[id].failedItems.map((failed) => failed.item.itemId), ...(discarded[id] ?? []).map((entry) => entry.item.itemId)]) : [];
  const dialogues = useItemDialogues(itemIds);
  const openItem = (dialogue: ItemDialogue) => {
    setOpen(false);
    openDataset(dialogue.datasetId);
    openDialogue(dialogue.id);
  };
  const openRun = useGenerationRunsStore((state) => state.openRun);
  const openGenerationRun = (jobId: string) => {
    setOpen(false);
    void openRun(jobId);
    goTo('generation');
  };
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={dialogRef} className="jobs-panel" data-testid="jobs-panel" aria-labelledby="jobs-panel-title" onClose={() => setOpen(false)}>
      <header className="view-header">
        <h2 id="jobs-panel-title">{t('title')}</h2>
        <button type="button" data-testid="jobs-panel-close" onClick={() => setOpen(false)}>
          {t('close')}
        </button>
      </header>
      {order.length === 0 ? (
        <div className="empty-state compact" data-testid="jobs-empty">
          <h3>{t('emptyTitle')}</h3>
          <p>{t('emptyBody')}</p>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              goTo('settings');
            }}
          >
            {t('goToSettings')}
          </button>
        </div>
      ) : (
        <div className="job-list">
          {order.map((id) => (
            <JobCard
              key={id}
              job={jobs[id]}
              discarded={discarded[id] ?? NO_DISCARDED}
              pausing={pausing[id] === true}
              dialogues={dialogues}
              onOpenItem={openItem}
              onPause={() => void pause(id)}
              onResume={() => void resume(id)}
              onCancel={() => void cancel(id)}
              onOpenResults={jobs[id].kind === 'generation' ? () => openGenerationRun(id) : undefined}
            />
          ))}
        </div>
      )}
    </dialog>
  );
}
