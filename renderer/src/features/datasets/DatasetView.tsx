import { useCallback, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { DialogueRow } from '../../db/repositories/dialogues';
import { useT } from '../../i18n';
import { useAppStore } from '../../stores/app/store';
import { useDatasetsStore } from '../../stores/datasets/store';
import { useExportStore } from '../../stores/export/store';
import { useImportStore } from '../../stores/import/store';
import { AssignmentPanel } from '../assignments/AssignmentPanel';
import { useIsBlindAssignment } from '../assignments/use-blind-assignment';
import { StartPreAnnotationDialog } from '../jobs/StartPreAnnotationDialog';
import { StartJudgeDialog } from '../judge/StartJudgeDialog';
import { useRunJudgeText } from '../judge/run-strings';
import { useJudgeStore } from '../../stores/judge/store';
import { useJobsText } from '../jobs/strings';
import { useAdjudicationText } from '../adjudication/strings';
import { DatasetFilters } from './DatasetFilters';
import { DatasetSummaryBar } from './DatasetSummaryBar';
import { DatasetTable } from './DatasetTable';
import { hasActiveFilters } from './filters';
import { summariseRows } from './summary';
import { useDialogueRows } from './use-dialogue-rows';

export function DatasetView({ datasetId }: { datasetId: string }) {
  const t = useT();
  const current = useDatasetsStore((state) => state.current);
  const currentStatus = useDatasetsStore((state) => state.currentStatus);
  const table = useDatasetsStore((state) => state.table);
  const { loadCurrent, resetFilters } = useDatasetsStore(useShallow((state) => ({ loadCurrent: state.loadCurrent, resetFilters: state.resetFilters })));
  const { goTo, closeDataset, setVisibleDialogueIds } = useAppStore(
    useShallow((state) => ({ goTo: state.goTo, closeDataset: state.closeDataset, setVisibleDialogueIds: state.setVisibleDialogueIds })),
  );
  const pickFiles = useImportStore((state) => state.pickFiles);
  const { saveTableCsv, tableCsvStatus, tableCsvPath } = useExportStore(
    useShallow((state) => ({ saveTableCsv: state.saveTableCsv, tableCsvStatus: state.tableCsvStatus, tableCsvPath: state.tableCsvPath })),
  );

  useEffect(() => {
    void loadCurrent(datasetId);
  }, [datasetId, loadCurrent]);

  const rows = useDialogueRows(datasetId);
  const jobsText = useJobsText().t;
  const adjudicationText = useAdjudicationText().t;
  const [startingJob, setStartingJob] = useState(false);
  const [startingJudge, setStartingJudge] = useState(false);
  const judgeText = useRunJudgeText().t;
  // a blind annotator labels without a model's suggestion: pre-annotation is not offered
  const blindAssignment = useIsBlindAssignment(datasetId);
  const summary = useMemo(() => summariseRows(rows ?? []), [rows]);
  const teacherModels = useMemo(() => summary.teacherModels.map((model) => model.name).sort(), [summary]);

  const [visibleRows, setVisibleRows] = useState<DialogueRow[]>([]);
  const onVisibleRowsChange = useCallback(
    (next: DialogueRow[]) => {
      setVisibleRows(next);
      setVisibleDialogueIds(next.map((row) => row.id));
    },
    [setVisibleDialogueIds],
  );

  if (currentStatus === 'missing') {
    return (
      <section className="view empty-state" data-testid="dataset-missing">
        <h1>{t('dataset.missingTitle')}</h1>
        <p>{t('dataset.missingBody')}</p>
        <button type="button" className="primary" onClick={closeDataset}>
          {t('nav.home')}
        </button>
      </section>
    );
  }

  const name = current?.id === datasetId ? current.name : '';
  return (
    <section className="view dataset-view" data-testid="dataset-view" data-dataset-id={datasetId}>
      <header className="view-header">
        <h1 data-testid="dataset-name">{name}</h1>
        <div className="button-row">
          <button type="button" data-testid="dataset-import-files" onClick={() => void pickFiles('files', datasetId)}>
            {t('dataset.importMore')}
          </button>
          <button type="button" data-testid="dataset-import-folder" onClick={() => void pickFiles('folder', datasetId)}>
            {t('dataset.importFolder')}
          </button>
          <button
            type="button"
            data-testid="dataset-export-table-csv"
            disabled={visibleRows.length === 0 || tableCsvStatus === 'working'}
            onClick={() => void saveTableCsv(visibleRows, name)}
          >
            {t('dataset.exportTable')}
          </button>
          {!blindAssignment && (
            <button type="button" data-testid="dataset-pre-annotate" disabled={!rows || rows.length === 0} onClick={() => setStartingJob(true)}>
              {jobsText('start')}
            </button>
          )}
          {!blindAssignment && (
            <button type="button" data-testid="dataset-judge" disabled={!rows || rows.length === 0} onClick={() => setStartingJudge(true)}>
              {judgeText('judgeFromTable')}
            </button>
          )}
          <button type="button" data-testid="dataset-adjudicate" disabled={!rows || rows.length === 0} onClick={() => goTo('adjudication')}>
            {adjudicationText('title')}
          </button>
          <button type="button" className="primary" data-testid="dataset-export" onClick={() => goTo('export')}>
            {t('dataset.export')}
          </button>
        </div>
      </header>
      <AssignmentPanel datasetId={datasetId} dialogueCount={rows?.length ?? 0} shownDialogueIds={hasActiveFilters(table) ? visibleRows.map((row) => row.id) : null} />
      {tableCsvStatus === 'saved' && tableCsvPath && (
        <p className="status-line" data-testid="dataset-table-csv-result">
          {t('dataset.tableSaved', { path: tableCsvPath })}
        </p>
      )}

      {rows === undefined ? (
        <p className="loading" data-testid="dataset-loading">
          {t('common.loading')}
        </p>
      ) : rows.length === 0 ? (
        <div className="empty-state" data-testid="dataset-empty">
          <h2>{t('dataset.emptyTitle')}</h2>
          <p>{t('dataset.emptyBody')}</p>
          <button type="button" className="primary" onClick={() => void pickFiles('files', datasetId)}>
            {t('dataset.importMore')}
          </button>
        </div>
      ) : (
        <>
          <DatasetSummaryBar summary={summary} />
          <DatasetFilters teacherModels={teacherModels} />
          <p className="status-line" data-testid="dataset-visible-count">
            {t('dataset.showing', { shown: visibleRows.length, total: rows.length })}
          </p>
          {visibleRows.length === 0 && hasActiveFilters(table) && (
            <div className="empty-state compact" data-testid="dataset-filter-empty">
              <p>{t('dataset.noMatch')}</p>
              <button type="button" onClick={resetFilters}>
                {t('filters.clear')}
              </button>
            </div>
          )}
          <DatasetTable rows={rows} onVisibleRowsChange={onVisibleRowsChange} />
          <p className="key-hint">{t('dataset.keyHint')}</p>
        </>
      )}
      {current?.id === datasetId && (
        <StartPreAnnotationDialog
          open={startingJob}
          datasetId={datasetId}
          datasetName={name}
          codebook={{ codebookId: current.codebookId, codebookHash: current.codebookHash }}
          dialogueCount={rows?.length ?? 0}
          filteredDialogueIds={hasActiveFilters(table) ? visibleRows.map((row) => row.id) : null}
          onClose={() => setStartingJob(false)}
        />
      )}
      <StartJudgeDialog
        open={startingJudge}
        datasetId={datasetId}
        datasetName={name}
        filteredDialogueIds={hasActiveFilters(table) ? visibleRows.map((row) => row.id) : null}
        onClose={() => setStartingJudge(false)}
        onStarted={(run) => {
          void (async () => {
            const judge = useJudgeStore.getState();
            await judge.load(datasetId);
            await judge.selectRun(run.id);
          })();
        }}
      />
    </section>
  );
}
