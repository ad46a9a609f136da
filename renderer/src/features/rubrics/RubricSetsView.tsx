import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { RubricSetRow } from '../../../../shared/model/judge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCommands } from '../../keyboard';
import { useAppStore } from '../../stores/app/store';
import { useRubricEditorStore } from '../../stores/rubrics/editor-store';
import { useRubricSetsStore } from '../../stores/rubrics/store';
import { RubricSetEditor } from './RubricSetEditor';
import { useRubricText, type RubricTextApi } from './strings';
import './rubrics.css';

/**
 * The Rubric sets view (opened from the Judge view and from review's Rubric scores panel, not
 * the top bar): every set and version, the data set's choice, import, export, duplicate and the
 * editor. Back and Escape return where it was opened from, asking first when an edit is unsaved.
 */
export function RubricSetsView({ datasetId }: { datasetId: string }) {
  const text = useRubricText();
  const { t, lang } = text;
  const state = useRubricSetsStore(useShallow((s) => ({ status: s.status, error: s.error, versions: s.versions, chosenRowId: s.chosenRowId, importOutcome: s.importOutcome, save: s.save })));
  const editorOpen = useRubricEditorStore((s) => s.draft !== null);
  const dirty = useRubricEditorStore((s) => s.dirty);
  const editingId = useRubricEditorStore((s) => s.base?.setId ?? '');
  const leave = useAppStore((s) => s.leaveRubricSets);
  const [confirm, setConfirm] = useState<null | 'close' | 'leave'>(null);
  const actions = useRubricSetsStore.getState();

  useEffect(() => {
    void useRubricSetsStore.getState().load(datasetId);
  }, [datasetId]);

  // an unsaved edit keeps the window from closing without a word
  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const closeEditor = () => (dirty ? setConfirm('close') : useRubricEditorStore.getState().close());
  const back = () => {
    // Escape in a dialog of the editor (add from data set) closes that dialog only
    if (document.querySelector('dialog[open]')) return;
    if (editorOpen) return closeEditor();
    leave();
  };
  useCommands('global', { 'nav.datasets': back }, { enabled: confirm === null });

  const sets = groupBySet(state.versions);
  const startEdit = (row: RubricSetRow, mode: 'edit' | 'duplicate') =>
    useRubricEditorStore.getState().open(row, { mode, takenIds: [...sets.keys()], takenVersions: state.versions.filter((candidate) => candidate.setId === row.setId).map((candidate) => candidate.version) });

  return (
    <div className="rs-view" data-testid="rubric-sets-view" data-status={state.status} data-editor={editorOpen}>
      <header className="rs-header">
        <button type="button" className="quiet" data-testid="rubric-sets-back" onClick={back}>
          ← {t('back')}
        </button>
        <h1>{t('title')}</h1>
        <button type="button" data-testid="rubric-import" onClick={() => void actions.pickImport()} disabled={state.importOutcome.kind === 'working' || editorOpen}>
          {t('importButton')}
        </button>
      </header>
      <p className="rs-hint">{t('intro')}</p>
      <p className="rs-explain" data-testid="rubric-chosen-explain">
        {t('chosenExplain')}
      </p>
      <ImportOutcome text={text} />
      {state.status === 'error' && <p role="alert">{t('failed', { message: state.error ?? '' })}</p>}
      {state.status === 'loading' && state.versions.length === 0 && <p>{t('loading')}</p>}

      {editorOpen ? (
        <RubricSetEditor datasetId={datasetId} text={text} onClose={closeEditor} />
      ) : (
        [...sets.entries()].map(([setId, rows]) => (
          <section key={setId} className="rs-set" data-testid="rubric-set" data-set-id={setId}>
            <h2>
              {setId} <span className="rs-hint">{rows[0].set.name[lang]}</span>
            </h2>
            <table className="rs-versions">
              <thead>
                <tr>
                  <th scope="col">{t('colVersion')}</th>
                  <th scope="col">{t('colName')}</th>
                  <th scope="col">{t('colRubrics')}</th>
                  <th scope="col">{t('colAnchors')}</th>
                  <th scope="col">{t('colHash')}</th>
                  <th scope="col">{t('colCreated')}</th>
                  <th scope="col">{t('colActions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const chosen = row.id === state.chosenRowId;
                  return (
                    <tr key={row.id} data-testid="rubric-version" data-row-id={row.id} data-version={row.version} data-hash={row.hash} data-chosen={chosen}>
                      <td>{row.version}</td>
                      <td>{row.set.name[lang]}</td>
                      <td>{row.set.rubrics.map((rubric) => rubric.id).join(', ')}</td>
                      <td>{row.set.expertExamples?.length ?? 0}</td>
                      <td className="rs-hash" title={row.hash}>
                        {row.hash.slice(0, 12)}
                      </td>
                      <td>{new Date(row.createdAt).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB')}</td>
                      <td className="rs-actions">
                        {chosen ? (
                          <strong className="rs-chosen" data-testid="rubric-used-here">
                            ✓ {t('usedHere')}
                          </strong>
                        ) : (
                          <button type="button" data-testid="rubric-use" onClick={() => void actions.choose(row)}>
                            {t('useHere')}
                          </button>
                        )}
                        <button type="button" className="quiet" data-testid="rubric-export" onClick={() => void actions.exportVersion(row)}>
                          {t('exportJson')}
                        </button>
                        <button type="button" className="quiet" data-testid="rubric-edit" onClick={() => startEdit(row, 'edit')}>
                          {t('edit')}
                        </button>
                        <button type="button" className="quiet" data-testid="rubric-duplicate" onClick={() => startEdit(row, 'duplicate')}>
                          {t('duplicate')}
                        </button>
                        {state.save?.rowId === row.id && <ExportStatus save={state.save} text={text} />}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        ))
      )}

      <ConfirmDialog
        open={confirm !== null}
        title={t('discardTitle')}
        confirmLabel={t('discard')}
        cancelLabel={t('keepEditing')}
        destructive
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const then = confirm;
          setConfirm(null);
          useRubricEditorStore.getState().close();
          if (then === 'leave') leave();
        }}
      >
        <p>{t('discardBody', { id: editingId })}</p>
      </ConfirmDialog>
    </div>
  );
}

function groupBySet(rows: readonly RubricSetRow[]): Map<string, RubricSetRow[]> {
  const sets = new Map<string, RubricSetRow[]>();
  for (const row of rows) sets.set(row.setId, [...(sets.get(row.setId) ?? []), row]);
  return sets;
}

function ExportStatus({ save, text }: { save: NonNullable<ReturnType<typeof useRubricSetsStore.getState>['save']>; text: RubricTextApi }) {
  const { t } = text;
  const words = { working: t('exportWorking'), saved: t('exportSaved', { path: save.path ?? '' }), canceled: t('exportCanceled'), error: t('exportFailed') };
  return (
    <span className="rs-hint" data-testid="rubric-export-status" data-status={save.status} role="status">
      {words[save.status]}
    </span>
  );
}

function ImportOutcome({ text }: { text: RubricTextApi }) {
  const outcome = useRubricSetsStore((s) => s.importOutcome);
  const { t } = text;
  if (outcome.kind === 'none') return null;
  if (outcome.kind === 'working') return <p role="status">{t('importWorking')}</p>;
  if (outcome.kind === 'refused') {
    return (
      <div className="rs-outcome rs-refused" data-testid="rubric-import-outcome" data-kind="refused" role="alert">
        <p>{t('importRefused', { file: outcome.file })}</p>
        <ul>
          {outcome.problems.map((problem, index) => (
            <li key={index} data-testid="rubric-import-problem" data-line={problem.line ?? ''} data-path={problem.path ?? ''}>
              {outcome.file}
              {problem.line !== null ? `:${problem.line}` : ''} — {problem.message}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const words = { file: outcome.file, id: outcome.row.setId, version: outcome.row.version, hash: outcome.row.hash.slice(0, 12) };
  return (
    <p className="rs-outcome" data-testid="rubric-import-outcome" data-kind="imported" data-row-id={outcome.row.id} role="status">
      {outcome.alreadyStored ? t('importedExisting', words) : t('imported', words)}
    </p>
  );
}
