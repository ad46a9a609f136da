import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { errorMessage } from '../../db/errors';
import { FailureText } from '../jobs/FailureText';
import { formatDateTime, formatNumber } from '../../i18n';
import { useConnectionsStore } from '../../stores/connections/store';
import { useSynthesisStore } from '../../stores/synthesis/store';
import type { SynthesisSessionRow } from '../../../../shared/model/synthesis';
import { MAX_EXTRA_GENERATORS } from '../../../../shared/synthesis/synthesis-job';
import { defaultConnection, missingChoices, parseChoicesSpec, startInput, SYNTHESIS_ROLES, type MissingChoice, type StartChoices } from './start-choices';
import { SPEC_TEMPLATE } from './spec-template';
import { useSynthesisText } from './strings';
import { readConfigFileText } from '../../parsing/config-file-text';
import { ConfigProblemText } from '../config-files/ConfigProblemText';

const ROLE_WORD = { drafter: 'roleDrafter', generator: 'roleGenerator', judge: 'roleJudge' } as const;

const EMPTY: StartChoices = { specSource: '', specFile: '', connections: {}, comparedGenerators: [], answersPerItem: '1', language: 'zh', title: '' };

interface StartSynthesisDialogProps {
  open: boolean;
  onClose(): void;
  onStarted(session: SynthesisSessionRow): void;
}

/** Round 0 of a new synthesis: a spec (the template, a file opened, dropped or pasted) checked as it is typed, a connection per role, and the round's options. */
export function StartSynthesisDialog({ open, onClose, onStarted }: StartSynthesisDialogProps) {
  const { t, lang } = useSynthesisText();
  const { connections, load } = useConnectionsStore();
  const start = useSynthesisStore((state) => state.start);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [choices, setChoices] = useState<StartChoices>(EMPTY);
  const [message, setMessage] = useState<string | null>(null);
  const [startFailure, setStartFailure] = useState<{ error: unknown } | null>(null);
  const [busy, setBusy] = useState(false);
  const patch = (next: Partial<StartChoices>) => setChoices((current) => ({ ...current, ...next }));

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
    if (!open) return;
    setMessage(null);
    setChoices({ ...EMPTY, language: lang });
    void load();
  }, [open]);

  const parsed = useMemo(() => parseChoicesSpec(choices), [choices.specSource, choices.specFile]);
  const spec = parsed?.ok ? parsed.spec : null;

  // the connections named as the spec names its models are the first choice; the educator changes them freely
  useEffect(() => {
    if (!spec) return;
    const named: Partial<StartChoices['connections']> = {};
    for (const role of SYNTHESIS_ROLES) {
      const id = defaultConnection(connections, spec.models[role]);
      if (id) named[role] = id;
    }
    const date = formatDateTime(lang, new Date().toISOString());
    setChoices((current) => ({ ...current, connections: { ...named, ...current.connections }, title: current.title || t('defaultTitle', { spec: spec.name[lang] || spec.id, date }) }));
  }, [spec, connections]);

  const missing = missingChoices(choices, parsed);
  const input = startInput(choices, parsed);
  const missingText = (entry: MissingChoice) =>
    entry.kind === 'role' ? t('needRole', { role: t(ROLE_WORD[entry.role]) }) : entry.kind === 'compared' ? t('missingCompared', { max: MAX_EXTRA_GENERATORS }) : t(({ spec: 'needSpec', answers: 'needAnswers', title: 'needTitle' } as const)[entry.kind]);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const read = await readConfigFileText(file, 'synthesis-spec');
      if (read.ok) patch({ specSource: read.text, specFile: file.name });
      else setMessage(t('specReadFailed', { message: `${file.name}: ${read.message}` }));
    } catch (error) {
      setMessage(t('specReadFailed', { message: errorMessage(error) }));
    }
  };
  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    void readFile(event.dataTransfer.files[0]);
  };

  const close = () => {
    if (!busy) onClose();
  };
  const begin = async () => {
    if (!input) return;
    setBusy(true);
    setMessage(null);
    setStartFailure(null);
    try {
      const session = await start(input);
      dialogRef.current?.close();
      onStarted(session);
    } catch (error) {
      setStartFailure({ error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog start-job-dialog synthesis-start-dialog"
      data-testid="synthesis-start-dialog"
      aria-labelledby="synthesis-start-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id="synthesis-start-title">{t('startTitle')}</h2>
      <p className="muted">{t('startIntro')}</p>
      <div className="button-row">
        <button type="button" data-testid="synthesis-spec-template" onClick={() => patch({ specSource: SPEC_TEMPLATE.source, specFile: SPEC_TEMPLATE.file })}>
          {t('specTemplate')}
        </button>
        <button type="button" data-testid="synthesis-spec-open" onClick={() => fileRef.current?.click()}>
          {t('specOpen')}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".yaml,.yml,text/yaml,application/yaml"
          hidden
          data-testid="synthesis-spec-input"
          onChange={(event) => {
            void readFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {choices.specFile && <span className="muted" data-testid="synthesis-spec-file">{t('specFile', { file: choices.specFile })}</span>}
      </div>
      <label className="stacked-field synthesis-spec-field">
        <span>{t('specLabel')}</span>
        <textarea
          className="synthesis-spec-yaml"
          data-testid="synthesis-spec-yaml"
          rows={12}
          spellCheck={false}
          value={choices.specSource}
          onChange={(event) => patch({ specSource: event.target.value, specFile: choices.specFile || 'pasted.yaml' })}
          onDragOver={(event) => Array.from(event.dataTransfer.types).includes('Files') && event.preventDefault()}
          onDrop={onDrop}
        />
      </label>
      <div className="synthesis-spec-check" data-testid="synthesis-spec-check" data-valid={parsed?.ok === true} aria-live="polite">
        {parsed === null && <p className="muted">{t('specEmpty')}</p>}
        {spec && <p>{t('specValid', { name: spec.name[lang] || spec.id, dimensions: formatNumber(lang, spec.dimensions.length), items: formatNumber(lang, spec.testItems), anchors: formatNumber(lang, spec.anchors), rounds: formatNumber(lang, spec.stopping.maxRounds) })}</p>}
        {parsed && !parsed.ok && (
          <div className="error-inline" role="alert">
            <p>{t('specProblems')}</p>
            <ul>
              {parsed.problems.slice(0, 12).map((problem, index) => (
                <li key={index} data-testid="synthesis-spec-problem" data-line={problem.line}>
                  <strong>{t('specLine', { line: problem.line, column: problem.column })}</strong> <ConfigProblemText problem={problem} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {connections.length === 0 ? (
        <p data-testid="synthesis-start-no-connections">{t('noConnections')}</p>
      ) : (
        <div className="button-row">
          {SYNTHESIS_ROLES.map((role) => (
            <label key={role} className="stacked-field">
              <span>{t('connectionFor', { role: t(ROLE_WORD[role]), name: spec?.models[role] ?? '—' })}</span>
              <select data-testid={`synthesis-start-role-${role}`} value={choices.connections[role] ?? ''} onChange={(event) => patch({ connections: { ...choices.connections, [role]: event.target.value || undefined } })}>
                <option value="">{t('chooseConnection')}</option>
                {connections.map((connection) => (
                  <option key={connection.id} value={connection.id}>
                    {connection.name} ({connection.model})
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
      {connections.length > 1 && (
        <fieldset className="synthesis-start-compared" data-testid="synthesis-start-compared">
          <legend>{t('comparedModels', { max: MAX_EXTRA_GENERATORS })}</legend>
          <p className="muted">{t('comparedModelsHint')}</p>
          {connections
            .filter((connection) => connection.id !== choices.connections.generator)
            .map((connection) => (
              <label key={connection.id} className="inline-check">
                <input
                  type="checkbox"
                  data-testid={`synthesis-start-compared-${connection.id}`}
                  checked={choices.comparedGenerators.includes(connection.id)}
                  onChange={(event) => patch({ comparedGenerators: event.target.checked ? [...choices.comparedGenerators, connection.id] : choices.comparedGenerators.filter((id) => id !== connection.id) })}
                />{' '}
                {connection.name} ({connection.model})
              </label>
            ))}
        </fieldset>
      )}
      <div className="button-row">
        <label className="stacked-field">
          <span>{t('answersPerItem')}</span>
          <input type="number" className="synthesis-start-answers" min={1} max={8} step={1} data-testid="synthesis-start-answers" value={choices.answersPerItem} onChange={(event) => patch({ answersPerItem: event.target.value })} />
        </label>
        <label className="stacked-field">
          <span>{t('language')}</span>
          <select data-testid="synthesis-start-language" value={choices.language} onChange={(event) => patch({ language: event.target.value === 'en' ? 'en' : 'zh' })}>
            <option value="zh">{t('languageZh')}</option>
            <option value="en">{t('languageEn')}</option>
          </select>
        </label>
        <label className="stacked-field synthesis-start-title">
          <span>{t('sessionTitle')}</span>
          <input type="text" data-testid="synthesis-start-title" maxLength={200} value={choices.title} onChange={(event) => patch({ title: event.target.value })} />
        </label>
      </div>
      {missing.length > 0 && (
        <div className="muted" data-testid="synthesis-start-missing">
          <p>{t('cannotStart')}</p>
          <ul>{missing.map((entry) => <li key={JSON.stringify(entry)}>{missingText(entry)}</li>)}</ul>
        </div>
      )}
      {message && (
        <p className="error-inline" role="alert" data-testid="synthesis-spec-error">
          {message}
        </p>
      )}
      {startFailure && (
        <p className="error-inline" role="alert">
          <FailureText lead={t('startFailed')} error={startFailure.error} testId="synthesis-start-error" />
        </p>
      )}
      <div className="button-row end">
        <button type="button" data-testid="synthesis-start-cancel" disabled={busy} onClick={close}>
          {t('close')}
        </button>
        <button type="button" className="primary" data-testid="synthesis-start-start" disabled={busy || input === null} onClick={() => void begin()}>
          {busy ? t('starting') : t('start')}
        </button>
      </div>
    </dialog>
  );
}
