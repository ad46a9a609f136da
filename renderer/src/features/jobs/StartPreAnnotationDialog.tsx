import { useEffect, useRef, useState } from 'react';
import type { CodebookRef } from '../../codebook';
import { getDb } from '../../db/db';
import { FailureText } from './FailureText';
import { layerNameProblems, llmLayerNames } from '../../db/repositories/llm-jobs';
import type { TemplateVersion } from '../../db/repositories/prompt-templates';
import { formatNumber } from '../../i18n';
import { useConnectionsStore } from '../../stores/connections/store';
import { useJobsStore } from '../../stores/jobs/store';
import { buildPreAnnotationDefinition, defaultLayerName, type JobScope } from './build-definition';
import { useJobsPanelStore } from './panel-store';
import { PromptSection } from './prompt/PromptSection';
import { useJobsText } from './strings';

interface StartPreAnnotationDialogProps {
  open: boolean;
  datasetId: string;
  datasetName: string;
  /** the data set's codebook and recorded version: the job asks for that version's labels */
  codebook: CodebookRef;
  dialogueCount: number;
  /** the ids of the rows the data-set table shows while a filter is active; null when none is */
  filteredDialogueIds: readonly string[] | null;
  onClose(): void;
}

/** Chooses connections, dialogues, the prompt and the layer name, shows how many calls (and tokens) that is, and starts the job. */
export function StartPreAnnotationDialog({ open, datasetId, datasetName, codebook, dialogueCount, filteredDialogueIds, onClose }: StartPreAnnotationDialogProps) {
  const { t, lang } = useJobsText();
  const { connections, load } = useConnectionsStore();
  const startPreAnnotation = useJobsStore((state) => state.startPreAnnotation);
  const openJobs = useJobsPanelStore((state) => state.setOpen);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [scopeKind, setScopeKind] = useState<'all' | 'sample'>('all');
  const [onlyFiltered, setOnlyFiltered] = useState(false);
  const [percent, setPercent] = useState('20');
  const [seed, setSeed] = useState('7');
  const [layerName, setLayerName] = useState('');
  const [layerNameEdited, setLayerNameEdited] = useState(false);
  const [message, setMessage] = useState<{ error: unknown } | null>(null);
  const [busy, setBusy] = useState(false);
  const [template, setTemplate] = useState<TemplateVersion | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      setMessage(null);
      // a user who filtered the table and then asks for a job means those rows; the box says so and can be unticked
      setOnlyFiltered(filteredDialogueIds !== null);
      void load();
    } else if (!open && dialog.open) dialog.close();
  }, [open, load]);
  const within = onlyFiltered && filteredDialogueIds !== null ? filteredDialogueIds : undefined;
  const baseCount = within ? within.length : dialogueCount;

  const selected = connections.filter((connection) => chosen.includes(connection.id));
  useEffect(() => {
    if (!layerNameEdited) setLayerName(defaultLayerName(selected));
    // the default follows the choice of connections until the user types a name
  }, [chosen.join('\n'), connections, layerNameEdited]);

  const fraction = Math.min(100, Math.max(0, Number(percent) || 0)) / 100;
  const dialogues = scopeKind === 'all' || baseCount === 0 ? baseCount : Math.min(baseCount, Math.max(1, Math.ceil(baseCount * fraction)));
  const calls = dialogues * selected.length;
  const scope: JobScope = scopeKind === 'all' ? { kind: 'all', within } : { kind: 'sample', fraction, seed: Math.trunc(Number(seed) || 0), within };
  const names = selected.length > 1 ? llmLayerNames(layerName, selected) : [];

  const start = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const db = getDb();
      const problems = await layerNameProblems(db, datasetId, llmLayerNames(layerName, selected));
      if (problems.length > 0) throw new Error(problems.join(' '));
      if (!template) throw new Error('no prompt template is chosen');
      const built = await buildPreAnnotationDefinition(db, { datasetId, codebook, connections: selected, scope, layerName, title: `${datasetName} · ${layerName.trim()}`, template: template.template });
      if ('problem' in built) throw new Error(t('codebookProblem', { message: built.problem }));
      await startPreAnnotation({ definition: built.definition, connections: selected.map(({ id, name, model }) => ({ id, name, model })) });
      onClose();
      openJobs(true);
    } catch (error) {
      setMessage({ error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog start-job-dialog"
      data-testid="start-job-dialog"
      aria-labelledby="start-job-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id="start-job-title">{t('startTitle')}</h2>
      {connections.length === 0 ? (
        <p data-testid="start-job-no-connections">{t('noConnections')}</p>
      ) : (
        <fieldset className="choice-group">
          <legend>{t('connections')}</legend>
          {connections.map((connection) => (
            <label key={connection.id} className="radio">
              <input
                type="checkbox"
                data-testid="start-job-connection"
                value={connection.id}
                checked={chosen.includes(connection.id)}
                onChange={(event) => setChosen(event.target.checked ? [...chosen, connection.id] : chosen.filter((id) => id !== connection.id))}
              />
              <span>
                {connection.name} ({connection.model}) {!connection.keySet && <span className="muted">{t('noKey')}</span>}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="choice-group">
        <legend>{t('scope')}</legend>
        {filteredDialogueIds !== null && (
          <label className="radio">
            <input type="checkbox" data-testid="start-job-only-filtered" checked={onlyFiltered} onChange={(event) => setOnlyFiltered(event.target.checked)} />
            <span>{t('scopeFiltered', { n: formatNumber(lang, filteredDialogueIds.length) })}</span>
          </label>
        )}
        <label className="radio">
          <input type="radio" name="job-scope" data-testid="start-job-scope-all" checked={scopeKind === 'all'} onChange={() => setScopeKind('all')} />
          <span>{t(within ? 'scopeAllShown' : 'scopeAll', { n: formatNumber(lang, baseCount) })}</span>
        </label>
        <label className="radio">
          <input type="radio" name="job-scope" data-testid="start-job-scope-sample" checked={scopeKind === 'sample'} onChange={() => setScopeKind('sample')} />
          <span>{t(within ? 'scopeSampleShown' : 'scopeSample')}</span>
        </label>
        {scopeKind === 'sample' && (
          <div className="button-row">
            <label className="stacked-field">
              <span>{t('samplePercent')}</span>
              <input type="number" min={1} max={100} data-testid="start-job-percent" value={percent} onChange={(event) => setPercent(event.target.value)} />
            </label>
            <label className="stacked-field">
              <span>{t('sampleSeed')}</span>
              <input type="number" data-testid="start-job-seed" value={seed} onChange={(event) => setSeed(event.target.value)} />
            </label>
          </div>
        )}
      </fieldset>
      <PromptSection open={open} datasetId={datasetId} codebookRef={codebook} scope={scope} connections={selected} chosen={template} onChoose={setTemplate} />
      <label className="stacked-field">
        <span>{t('layerName')}</span>
        <input
          type="text"
          data-testid="start-job-layer-name"
          value={layerName}
          maxLength={200}
          onChange={(event) => {
            setLayerName(event.target.value);
            setLayerNameEdited(true);
          }}
        />
      </label>
      {names.length > 0 && <p className="muted">{t('layerNamesMany', { names: names.join('; ') })}</p>}
      <p data-testid="start-job-calls">{t('callCount', { calls: formatNumber(lang, calls), dialogues: formatNumber(lang, dialogues), connections: formatNumber(lang, selected.length) })}</p>
      {message && (
        <p className="error-inline" role="alert">
          <FailureText lead={t('startFailed')} error={message.error} testId="start-job-error" />
        </p>
      )}
      <div className="button-row end">
        <button type="button" data-testid="start-job-cancel" disabled={busy} onClick={onClose}>
          {t('close')}
        </button>
        <button type="button" className="primary" data-testid="start-job-start" disabled={busy || selected.length === 0 || layerName.trim() === '' || dialogues === 0 || template === null} onClick={() => void start()}>
          {busy ? t('starting') : t('startButton')}
        </button>
      </div>
    </dialog>
  );
}
