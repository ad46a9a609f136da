import { useEffect, useRef, useState, type DragEvent } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { scenarioTemplates } from '../../db/repositories/scenario-templates';
import { useCommands } from '../../keyboard';
import { readConfigFileText } from '../../parsing/config-file-text';
import { useAppStore } from '../../stores/app/store';
import { useScenarioEditorStore } from '../../stores/scenarios/editor-store';
import { useScenarioListStore } from '../../stores/scenarios/list-store';
import { exportYaml, yamlFileName } from './export-yaml';
import { ScenarioEditor } from './ScenarioEditor';
import { shortHash } from './SidePanels';
import { useScenarioText } from './strings';
import './scenarios.css';

type Pending = { kind: 'close' } | { kind: 'leave' } | { kind: 'open'; run: () => void };

/**
 * The Scenarios view (issue 14), reachable without a data set: the bundled templates, the saved
 * scenarios, import (a file picked or dropped, or pasted text: it opens in the editor, unsaved)
 * and the editor. Leaving with unsaved changes asks first.
 */
export function ScenariosView() {
  const text = useScenarioText();
  const { t, lang } = text;
  const list = useScenarioListStore();
  const editorOpen = useScenarioEditorStore((s) => s.source !== null);
  const dirty = useScenarioEditorStore((s) => s.dirty && !s.readOnly);
  const editingId = useScenarioEditorStore((s) => s.scenario?.id ?? '');
  const datasetId = useAppStore((s) => s.datasetId);
  const goTo = useAppStore((s) => s.goTo);
  const [pending, setPending] = useState<Pending | null>(null);
  const [paste, setPaste] = useState<string | null>(null);
  // kept as what went wrong, worded at render: the words follow a change of language
  const [importError, setImportError] = useState<{ file: string; detail: string | null } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const templates = scenarioTemplates();
  const takenIds = [...list.saved.map((entry) => entry.scenarioId), ...templates.map((template) => template.scenario.id)];

  useEffect(() => {
    void useScenarioListStore.getState().load();
  }, []);

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const leave = () => goTo(datasetId ? 'datasets' : 'start');
  const guarded = (next: Pending) => {
    if (dirty) return setPending(next);
    if (next.kind === 'close') useScenarioEditorStore.getState().close();
    else if (next.kind === 'leave') leave();
    else next.run();
  };
  const back = () => {
    if (document.querySelector('dialog[open]')) return;
    guarded(editorOpen ? { kind: 'close' } : { kind: 'leave' });
  };
  useCommands('global', { 'nav.datasets': back }, { enabled: pending === null && paste === null });

  const openSaved = async (rowId: string) => {
    const row = await useScenarioListStore.getState().version(rowId);
    if (row) guarded({ kind: 'open', run: () => useScenarioEditorStore.getState().open({ kind: 'saved', row }, row.source) });
  };
  const openImported = (name: string, source: string) => {
    setImportError(null);
    guarded({ kind: 'open', run: () => useScenarioEditorStore.getState().open({ kind: 'new', origin: name }, source.replace(/^\uFEFF/, '')) });
  };
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const read = await readConfigFileText(file, 'scenario');
      if (read.ok) openImported(file.name, read.text);
      else setImportError({ file: file.name, detail: read.message });
    } catch {
      setImportError({ file: file.name, detail: null });
    }
  };
  // only files: text dragged inside the YAML textarea is the textarea's
  const carriesFiles = (event: DragEvent<HTMLDivElement>) => Array.from(event.dataTransfer.types).includes('Files');
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    void readFile(event.dataTransfer.files[0]);
  };

  return (
    <div className="scn-view" data-testid="scenarios-view" data-status={list.status} data-editor={editorOpen} onDragOver={(event) => carriesFiles(event) && event.preventDefault()} onDrop={onDrop}>
      <header className="scn-header">
        <button type="button" className="quiet" data-testid="scenarios-back" onClick={back}>
          ← {t('back')}
        </button>
        <h1>{t('title')}</h1>
        {!editorOpen && (
          <>
            <button type="button" data-testid="scenario-import" onClick={() => fileRef.current?.click()}>
              {t('importButton')}
            </button>
            <button type="button" data-testid="scenario-paste" onClick={() => setPaste('')}>
              {t('pasteButton')}
            </button>
            <input
              ref={fileRef}
              type="file"
              accept=".yaml,.yml,text/yaml,application/yaml"
              hidden
              data-testid="scenario-import-input"
              onChange={(event) => {
                void readFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </>
        )}
      </header>
      {!editorOpen && <p className="scn-hint scn-intro">{t('intro')}</p>}
      {importError && (
        <p className="scn-bad" role="alert">
          {importError.detail === null ? t('importNotText', { file: importError.file }) : t('importUnreadable', { file: importError.file, detail: importError.detail })}
        </p>
      )}
      {list.status === 'error' && <p role="alert">{t('failed', { message: list.error ?? '' })}</p>}

      {editorOpen ? (
        <ScenarioEditor text={text} takenIds={takenIds} onClose={() => guarded({ kind: 'close' })} onOpenVersion={(rowId) => void openSaved(rowId)} onSaved={() => void useScenarioListStore.getState().load()} />
      ) : (
        <>
          <section className="scn-list" aria-labelledby="scn-templates-title">
            <h2 id="scn-templates-title">{t('templatesTitle')}</h2>
            <table className="scn-table scn-table-readonly">
              <thead>
                <tr>
                  <th scope="col">{t('colName')}</th>
                  <th scope="col">{t('colId')}</th>
                  <th scope="col">{t('colVersion')}</th>
                  <th scope="col">{t('colHash')}</th>
                  <th scope="col">{t('colActions')}</th>
                </tr>
              </thead>
              <tbody>
                {templates.map((template) => (
                  <tr key={template.file} data-testid="scenario-template" data-file={template.file} data-id={template.scenario.id}>
                    <td>
                      <strong>{template.scenario.name[lang]}</strong>
                      <div className="scn-hint">{template.scenario.description[lang]}</div>
                    </td>
                    <td>{template.scenario.id}</td>
                    <td>{template.scenario.version}</td>
                    <td className="scn-hash" title={template.hash}>
                      {shortHash(template.hash)}
                    </td>
                    <td>
                      <div className="scn-actions">
                      <button type="button" data-testid="scenario-template-open" onClick={() => useScenarioEditorStore.getState().open({ kind: 'template', file: template.file }, template.source)}>
                        {t('open')}
                      </button>
                      <button type="button" className="quiet" onClick={() => exportYaml(template.file, template.source)}>
                        {t('exportYaml')}
                      </button>
                    </div>
</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section className="scn-list" aria-labelledby="scn-saved-title">
            <h2 id="scn-saved-title">{t('savedTitle')}</h2>
            {list.status === 'loading' && list.saved.length === 0 && <p className="scn-hint">{t('loading')}</p>}
            {list.status === 'ready' && list.saved.length === 0 && <p className="scn-hint">{t('savedEmpty')}</p>}
            {list.saved.length > 0 && (
              <table className="scn-table scn-table-readonly">
                <thead>
                  <tr>
                    <th scope="col">{t('colId')}</th>
                    <th scope="col">{t('colVersion')}</th>
                    <th scope="col">{t('colVersions')}</th>
                    <th scope="col">{t('colHash')}</th>
                    <th scope="col">{t('colCreated')}</th>
                    <th scope="col">{t('colActions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.saved.map(({ scenarioId, latest, versionCount }) => (
                    <tr key={scenarioId} data-testid="scenario-saved-row" data-id={scenarioId} data-row-id={latest.id}>
                      <td>{scenarioId}</td>
                      <td>{latest.version}</td>
                      <td>{versionCount}</td>
                      <td className="scn-hash" title={latest.hash}>
                        {shortHash(latest.hash)}
                      </td>
                      <td>{new Date(latest.createdAt).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB')}</td>
                      <td>
                      <div className="scn-actions">
                        <button type="button" data-testid="scenario-saved-open" onClick={() => void openSaved(latest.id)}>
                          {t('open')}
                        </button>
                        <button
                          type="button"
                          className="quiet"
                          onClick={() => {
                            useScenarioEditorStore.getState().open({ kind: 'saved', row: latest }, latest.source);
                            useScenarioEditorStore.getState().duplicate(takenIds);
                          }}
                        >
                          {t('duplicate')}
                        </button>
                        <button type="button" className="quiet" onClick={() => exportYaml(yamlFileName(scenarioId, latest.version), latest.source)}>
                          {t('exportYaml')}
                        </button>
                      </div>
</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <p className="scn-hint">{t('dropHint')}</p>
        </>
      )}

      {paste !== null && (
        <ConfirmDialog open title={t('pasteTitle')} confirmLabel={t('pasteOpen')} cancelLabel={t('cancel')} onCancel={() => setPaste(null)} onConfirm={() => {
          const source = paste;
          setPaste(null);
          if (source.trim()) openImported('pasted.yaml', source);
        }}>
          <textarea className="scn-paste" data-testid="scenario-paste-text" rows={16} spellCheck={false} value={paste} onChange={(event) => setPaste(event.target.value)} />
        </ConfirmDialog>
      )}

      <ConfirmDialog
        open={pending !== null}
        title={t('discardTitle')}
        confirmLabel={t('discard')}
        cancelLabel={t('keepEditing')}
        destructive
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const then = pending;
          setPending(null);
          useScenarioEditorStore.getState().close();
          if (then?.kind === 'leave') leave();
          if (then?.kind === 'open') then.run();
        }}
      >
        <p>{t('discardBody', { id: editingId })}</p>
      </ConfirmDialog>
    </div>
  );
}
