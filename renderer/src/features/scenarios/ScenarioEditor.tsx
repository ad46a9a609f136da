/** The scenario editor: tabs for the form and the YAML text, validation and dry run beside them, save and generate. */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { copyText } from '../../components/copy-text';
import { useGenerationLauncher } from '../../stores/generation/launcher';
import { EDITOR_TABS, useScenarioEditorStore, type EditorTab } from '../../stores/scenarios/editor-store';
import { exportYaml, yamlFileName } from './export-yaml';
import { FlowTab, JudgeTab } from './FlowJudgeTabs';
import { GeneralTab, RolesTab } from './GeneralRolesTabs';
import { DryRunPanel, shortHash, ValidationPanel } from './SidePanels';
import type { ScenarioStringKey, ScenarioTextApi } from './strings';
import { TasksTab } from './TasksTab';
import { VersionsTab } from './VersionsTab';
import { YamlTab } from './YamlTab';

const TAB_LABEL: Record<EditorTab, ScenarioStringKey> = { general: 'tabGeneral', roles: 'tabRoles', tasks: 'tabTasks', flow: 'tabFlow', judge: 'tabJudge', yaml: 'tabYaml', versions: 'tabVersions' };

export function ScenarioEditor({ text, takenIds, onClose, onOpenVersion, onSaved }: { text: ScenarioTextApi; takenIds: readonly string[]; onClose(): void; onOpenVersion(rowId: string): void; onSaved(): void }) {
  const { t } = text;
  const state = useScenarioEditorStore(
    useShallow((s) => ({ source: s.source, readOnly: s.readOnly, dirty: s.dirty, valid: s.result?.ok === true, checking: s.checking, formStale: s.formStale, hash: s.hash, scenario: s.scenario, savedRow: s.savedRow, saveStatus: s.saveStatus, saveError: s.saveError, savedExisting: s.savedExisting, tab: s.tab, textValue: s.text })),
  );
  const [copied, setCopied] = useState(false);
  const editor = useScenarioEditorStore.getState();
  const canSave = !state.readOnly && state.valid && !state.checking && state.saveStatus !== 'saving' && (state.dirty || state.savedRow === null);
  const canGenerate = state.savedRow !== null && state.valid && !state.dirty && !state.checking;
  const save = async () => {
    if (!canSave) return;
    if (await editor.save()) onSaved();
  };
  const saveRef = useRef(save);
  saveRef.current = save;
  // Mod+S wherever the focus is (a field, a tab, the page), but not behind an open dialog
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (!document.querySelector('dialog[open]')) void saveRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  if (!state.source) return null;
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = EDITOR_TABS[(index + step + EDITOR_TABS.length) % EDITOR_TABS.length];
    editor.setTab(next);
    document.getElementById(`scn-tab-${next}`)?.focus();
  };
  const title =
    state.source.kind === 'template'
      ? t('editorTemplate', { file: state.source.file })
      : state.source.kind === 'saved'
        ? t('editorSaved', { id: state.source.row.scenarioId, version: state.source.row.version })
        : t('editorNew', { origin: state.source.origin });
  const id = state.scenario?.id ?? 'scenario';

  return (
    <div className="scn-editor" data-testid="scenario-editor" data-read-only={state.readOnly} data-dirty={state.dirty} data-valid={state.valid} data-hash={state.hash ?? ''}>
      <div className="scn-editor-head">
        <h2 data-testid="scenario-editor-title">{title}</h2>
        {state.hash && state.valid && (
          <span className="scn-hash" data-testid="scenario-hash" title={state.hash}>
            {shortHash(state.hash)}
          </span>
        )}
        <div className="scn-toolbar">
          {state.readOnly ? (
            <button type="button" className="primary" data-testid="scenario-duplicate" onClick={() => editor.duplicate(takenIds)}>
              {t('duplicate')}
            </button>
          ) : (
            <button type="button" className="primary" data-testid="scenario-save" disabled={!canSave} onClick={() => void save()}>
              {state.saveStatus === 'saving' ? t('saving') : t('save')}
            </button>
          )}
          <button type="button" data-testid="scenario-generate" disabled={!canGenerate} title={canGenerate ? undefined : t('generateNeedsSave')} onClick={() => state.savedRow && useGenerationLauncher.getState().open({ scenarioVersionId: state.savedRow.id })}>
            {t('generate')}
          </button>
          <button
            type="button"
            className="quiet"
            onClick={() =>
              void copyText(state.textValue).then((ok) => {
                setCopied(ok);
                setTimeout(() => setCopied(false), 2000);
              })
            }
          >
            {copied ? t('copied') : t('copyYaml')}
          </button>
          <button type="button" className="quiet" data-testid="scenario-export" onClick={() => exportYaml(yamlFileName(id, state.scenario?.version ?? ''), state.textValue)}>
            {t('exportYaml')}
          </button>
          <button type="button" className="quiet" data-testid="scenario-editor-close" onClick={onClose}>
            {t('close')}
          </button>
        </div>
      </div>
      <p className="scn-hint">{state.readOnly ? t('readOnlyHint') : t('editorHelp')}</p>
      {state.saveStatus === 'error' && (
        <p className="scn-bad" role="alert">
          {t('saveFailed', { message: state.saveError ?? '' })}
        </p>
      )}
      {state.savedRow && !state.dirty && state.source.kind === 'saved' && (
        <p className="scn-ok" data-testid="scenario-saved" role="status">
          {state.savedExisting ? t('savedExisting', { id: state.savedRow.scenarioId, hash: shortHash(state.savedRow.hash) }) : t('saved', { id: state.savedRow.scenarioId, version: state.savedRow.version, hash: shortHash(state.savedRow.hash) })}
        </p>
      )}

      <div className="scn-layout">
        <div className="scn-main">
          <div className="scn-tabs" role="tablist" aria-label={t('title')}>
            {EDITOR_TABS.map((tab, index) => (
              <button
                key={tab}
                id={`scn-tab-${tab}`}
                type="button"
                role="tab"
                className="scn-tab-button"
                data-testid={`scenario-tab-button-${tab}`}
                aria-selected={state.tab === tab}
                aria-controls="scn-tab-panel"
                tabIndex={state.tab === tab ? 0 : -1}
                onClick={() => editor.setTab(tab)}
                onKeyDown={(event) => onTabKey(event, index)}
              >
                {t(TAB_LABEL[tab])}
              </button>
            ))}
          </div>
          <div id="scn-tab-panel" role="tabpanel" aria-labelledby={`scn-tab-${state.tab}`} className="scn-tab-panel">
            {state.formStale && state.tab !== 'yaml' && state.tab !== 'versions' && (
              <p className="scn-warning" data-testid="scenario-form-stale" role="status">
                {t('formStale')}
              </p>
            )}
            {state.tab === 'general' && <GeneralTab text={text} />}
            {state.tab === 'roles' && <RolesTab text={text} />}
            {state.tab === 'tasks' && <TasksTab text={text} />}
            {state.tab === 'flow' && <FlowTab text={text} />}
            {state.tab === 'judge' && <JudgeTab text={text} />}
            {state.tab === 'yaml' && <YamlTab text={text} />}
            {state.tab === 'versions' && <VersionsTab text={text} onOpenVersion={onOpenVersion} />}
          </div>
        </div>
        <div className="scn-side">
          <ValidationPanel text={text} />
          <DryRunPanel text={text} />
        </div>
      </div>
    </div>
  );
}
