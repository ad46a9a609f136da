/**
 * "Run judges…" in the Judge view's header: the start dialog, and the view kept current while a
 * judge job of this data set runs — the new run listed at once, its figures recomputed every few
 * seconds while items arrive and once more when the job ends (after its last item is stored).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import type { JobStatus } from '../../../../shared/jobs';
import { getDb } from '../../db/db';
import { getDataset } from '../../db/repositories/datasets';
import { useJobsStore } from '../../stores/jobs/store';
import { useJudgeStore } from '../../stores/judge/store';
import { useRunJudgeText } from './run-strings';
import { StartJudgeDialog } from './StartJudgeDialog';
import './run-judges.css';

/** How often the chosen run's report is recomputed while its job runs (the report is computed in the judge worker). */
export const LIVE_REFRESH_MS = 3000;

const ACTIVE: readonly JobStatus[] = ['queued', 'running', 'paused'];

export function RunJudgesControl({ datasetId }: { datasetId: string }) {
  const { t } = useRunJudgeText();
  const [open, setOpen] = useState(false);
  const datasetName = useLiveQuery(async () => (await getDataset(getDb(), datasetId))?.name ?? '', [datasetId]) ?? '';
  useLiveJudgeRuns(datasetId);
  return (
    <>
      <button type="button" data-testid="judge-run-start" onClick={() => setOpen(true)}>
        {t('runButton')}
      </button>
      <StartJudgeDialog
        open={open}
        datasetId={datasetId}
        datasetName={datasetName}
        onClose={() => setOpen(false)}
        onStarted={(run) => {
          void (async () => {
            const judge = useJudgeStore.getState();
            await judge.load(datasetId);
            await judge.selectRun(run.id);
          })();
        }}
      />
    </>
  );
}

/** The statuses of this data set's job runs, as main reports them: a run whose job is active is refreshed, one whose job just ended once more. */
function useLiveJudgeRuns(datasetId: string): void {
  const runIds = useJudgeStore((state) => state.runs.filter((run) => run.source === 'job' && run.datasetId === datasetId).map((run) => run.id).join('\n'));
  const statuses = useJobsStore((state) =>
    runIds
      .split('\n')
      .filter(Boolean)
      .map((id) => `${id}=${state.jobs[id]?.status ?? ''}`)
      .join('\n'),
  );
  const previous = useRef(new Map<string, string>());
  const entries = statuses
    .split('\n')
    .filter(Boolean)
    .map((entry) => entry.split('=') as [string, string]);
  const anyActive = entries.some(([, status]) => (ACTIVE as readonly string[]).includes(status));

  useEffect(() => {
    let ended = false;
    for (const [id, status] of entries) {
      const before = previous.current.get(id);
      if (before && (ACTIVE as readonly string[]).includes(before) && !(ACTIVE as readonly string[]).includes(status)) ended = true;
      previous.current.set(id, status);
    }
    if (!ended) return;
    void (async () => {
      // the last items may still be on their way into IndexedDB
      await useJobsStore.getState().idle();
      await useJudgeStore.getState().load(datasetId);
    })();
  }, [statuses, datasetId]);

  useEffect(() => {
    if (!anyActive) return undefined;
    const timer = setInterval(() => {
      void useJudgeStore.getState().load(datasetId);
    }, LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [anyActive, datasetId]);
}
