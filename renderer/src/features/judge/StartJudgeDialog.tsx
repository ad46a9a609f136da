import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { JudgeLanguage, RubricSet } from '../../../../shared/judge/types';
import { estimateJudgeJob } from '../../../../shared/judge/token-estimate';
import type { LlmConnection } from '../../../../shared/llm/connection';
import { samplingFor } from '../../../../shared/llm/sampling';
import { estimateJobCost } from '../../../../shared/llm/token-estimate';
import type { RubricSetRow } from '../../../../shared/model/judge';
import type { JudgeRunRow } from '../../../../shared/model/judge';
import { getDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { judgeNamesOf } from '../../db/repositories/judge-jobs';
import { listRubricSetVersions, rubricSetOfDataset } from '../../db/repositories/rubric-sets';
import { formatNumber } from '../../i18n';
import { useConnectionsStore } from '../../stores/connections/store';
import { useJobsStore } from '../../stores/jobs/store';
import { formatCost } from '../jobs/format';
import { useJobsPanelStore } from '../jobs/panel-store';
import { chooseJudgeDialogues, fewShotCount, judgeJobDefinition, loadJudgeCandidates, MAX_JUDGE_SAMPLES, type JudgeCandidate, type JudgeScope } from './build-judge-definition';
import { useRunJudgeText } from './run-strings';

interface StartJudgeDialogProps {
  open: boolean;
  datasetId: string;
  datasetName: string;
  onClose(): void;
  onStarted(run: JudgeRunRow): void;
}

const clampInt = (text: string, min: number, max: number, fallback: number) => {
  const value = Math.trunc(Number(text));
  return Number.isFinite(value) && text.trim() !== '' ? Math.min(max, Math.max(min, value)) : fallback;
};

/** Chooses judge connections, dialogues, the rubric set and the prompt options, says how many calls (and what cost) that is, and starts the judge job. */
export function StartJudgeDialog({ open, datasetId, datasetName, onClose, onStarted }: StartJudgeDialogProps) {
  const { t, lang } = useRunJudgeText();
  const { connections, load } = useConnectionsStore();
  const startJudge = useJobsStore((state) => state.startJudge);
  const openJobs = useJobsPanelStore((state) => state.setOpen);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [candidates, setCandidates] = useState<JudgeCandidate[] | null>(null);
  const [sets, setSets] = useState<RubricSetRow[]>([]);
  const [setRowId, setSetRowId] = useState('');
  const [defaultSetRowId, setDefaultSetRowId] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [byModel, setByModel] = useState(false);
  const [models, setModels] = useState<string[]>([]);
  const [sampleOn, setSampleOn] = useState(false);
  const [sampleCount, setSampleCount] = useState('20');
  const [seed, setSeed] = useState('7');
  const [samples, setSamples] = useState('1');
  const [language, setLanguage] = useState<JudgeLanguage>('zh');
  const [reasoningFirst, setReasoningFirst] = useState(false);
  const [useExamples, setUseExamples] = useState(false);
  const [logprobsOn, setLogprobsOn] = useState(false);
  const [topLogprobs, setTopLogprobs] = useState('5');
  const [name, setName] = useState('');
  const [nameEdited, setNameEdited] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      setMessage(null);
      setCandidates(null);
      void load();
      const db = getDb();
      void (async () => {
        try {
          const [rows, own, loaded] = await Promise.all([listRubricSetVersions(db), rubricSetOfDataset(db, datasetId), loadJudgeCandidates(db, datasetId)]);
          setSets(rows);
          setDefaultSetRowId(own.id);
          setSetRowId(own.id);
          setUseExamples((own.set.expertExamples?.length ?? 0) > 0);
          setCandidates(loaded);
        } catch (error) {
          setMessage(t('startFailed', { message: errorMessage(error) }));
        }
      })();
    } else if (!open && dialog.open) dialog.close();
  }, [open, datasetId, load]);

  // one connection only: it is the judge (the usual case), so Enter can start at once
  useEffect(() => {
    if (open && connections.length === 1 && chosen.length === 0) setChosen([connections[0].id]);
  }, [open, connections]);

  const row = sets.find((candidate) => candidate.id === setRowId) ?? null;
  const rubricSet: RubricSet | null = row?.set ?? null;
  const examples = rubricSet?.expertExamples?.length ?? 0;
  const selected = connections.filter((connection) => chosen.includes(connection.id));
  const teacherModels = useMemo(() => {
    const counts = new Map<string, number>();
    for (const candidate of candidates ?? []) counts.set(candidate.teacherModel, (counts.get(candidate.teacherModel) ?? 0) + 1);
    return [...counts.entries()];
  }, [candidates]);
  const sampleN = clampInt(sampleCount, 1, Number.MAX_SAFE_INTEGER, 0);
  const scope: JudgeScope = { models: byModel ? models : null, sample: sampleOn ? { count: sampleN, seed: Math.trunc(Number(seed) || 0) } : null };
  const picked = useMemo(() => chooseJudgeDialogues(candidates ?? [], scope), [candidates, byModel, models.join('\n'), sampleOn, sampleN, seed]);
  const sampleCountN = clampInt(samples, 1, MAX_JUDGE_SAMPLES, 1);
  const top = logprobsOn ? clampInt(topLogprobs, 1, 20, 5) : 0;
  const calls = picked.length * selected.length * sampleCountN;
  const judgeNames = judgeNamesOf(selected);

  useEffect(() => {
    if (nameEdited) return;
    const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
    setName(t('defaultName', { set: rubricSet?.id ?? '', judges: judgeNames.join(', ') || '—', date }));
    // the default follows the choices until the user types a name
  }, [nameEdited, rubricSet?.id, judgeNames.join('\n'), lang]);

  const estimate = useMemo(() => {
    if (!rubricSet || picked.length === 0) return null;
    try {
      return { ok: true as const, value: estimateJudgeJob({ rubricSet, language, reasoningFirst, fewShot: useExamples ? undefined : [], dialogues: picked.map((candidate) => candidate.dialogue), samples: sampleCountN }) };
    } catch (error) {
      return { ok: false as const, message: errorMessage(error) };
    }
  }, [rubricSet, picked, language, reasoningFirst, useExamples, sampleCountN]);

  const canStart = !busy && selected.length > 0 && picked.length > 0 && rubricSet !== null && name.trim() !== '';

  const start = async () => {
    if (!canStart || !rubricSet) return;
    setBusy(true);
    setMessage(null);
    try {
      const definition = judgeJobDefinition(picked, { title: `${datasetName} · ${name.trim()}`, connectionIds: selected.map((connection) => connection.id), rubricSet, language, reasoningFirst, useExpertExamples: useExamples, topLogprobs: top, samples: sampleCountN });
      const settings = {
        language,
        reasoningFirst,
        fewShot: fewShotCount(rubricSet, useExamples),
        sampling: Object.fromEntries(selected.map((connection, index) => [judgeNames[index], samplingFor(connection, 'judge')])),
        topLogprobs: top,
        samples: sampleCountN,
        scope: { models: scope.models, sample: scope.sample },
        dialogues: picked.length,
      };
      const { run } = await startJudge({ definition, datasetId, name: name.trim(), rubricSet, connections: selected.map(({ id, name: own, model, family }) => ({ id, name: own, model, ...(family ? { family } : {}) })), settings });
      onStarted(run);
      // closed here, before the Jobs panel opens: two modal dialogs opening and closing at once leave Escape with neither
      dialogRef.current?.close();
      onClose();
      openJobs(true);
    } catch (error) {
      setMessage(t('startFailed', { message: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const target = event.target as HTMLElement;
    // Enter starts from any field; on a button or a list it keeps its own meaning
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || ['BUTTON', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
    event.preventDefault();
    void start();
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog start-job-dialog start-judge-dialog"
      data-testid="start-judge-dialog"
      aria-labelledby="start-judge-title"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id="start-judge-title">{t('title')}</h2>
      <p className="muted">{t('intro')}</p>
      {connections.length === 0 ? (
        <p data-testid="start-judge-no-connections">{t('noConnections')}</p>
      ) : (
        <fieldset className="choice-group">
          <legend>{t('judges')}</legend>
          {connections.map((connection) => (
            <ConnectionChoice key={connection.id} connection={connection} checked={chosen.includes(connection.id)} onChange={(on) => setChosen(on ? [...chosen, connection.id] : chosen.filter((id) => id !== connection.id))} />
          ))}
          {selected.length > 1 && <p className="muted" data-testid="start-judge-panel">{t('panel', { n: selected.length })}</p>}
        </fieldset>
      )}
      <fieldset className="choice-group">
        <legend>{t('dialogues')}</legend>
        {candidates === null && <p className="muted">{t('loading')}</p>}
        <label className="radio">
          <input type="radio" name="judge-scope" data-testid="start-judge-scope-all" checked={!byModel} onChange={() => setByModel(false)} />
          <span>{t('scopeAll', { n: formatNumber(lang, candidates?.length ?? 0) })}</span>
        </label>
        <label className="radio">
          <input type="radio" name="judge-scope" data-testid="start-judge-scope-models" checked={byModel} onChange={() => setByModel(true)} />
          <span>{t('scopeModels')}</span>
        </label>
        {byModel &&
          teacherModels.map(([model, count]) => (
            <label key={model} className="radio indent">
              <input type="checkbox" data-testid="start-judge-model" value={model} checked={models.includes(model)} onChange={(event) => setModels(event.target.checked ? [...models, model] : models.filter((other) => other !== model))} />
              <span>{t('modelCount', { model, n: formatNumber(lang, count) })}</span>
            </label>
          ))}
        <label className="radio">
          <input type="checkbox" data-testid="start-judge-sample" checked={sampleOn} onChange={(event) => setSampleOn(event.target.checked)} />
          <span>{t('sampleToggle')}</span>
        </label>
        {sampleOn && (
          <div className="button-row">
            <label className="stacked-field">
              <span>{t('sampleCount')}</span>
              <input type="number" min={1} data-testid="start-judge-sample-count" value={sampleCount} onChange={(event) => setSampleCount(event.target.value)} />
            </label>
            <label className="stacked-field">
              <span>{t('sampleSeed')}</span>
              <input type="number" data-testid="start-judge-seed" value={seed} onChange={(event) => setSeed(event.target.value)} />
            </label>
          </div>
        )}
      </fieldset>
      <div className="button-row">
        <label className="stacked-field">
          <span>{t('rubricSet')}</span>
          <select
            data-testid="start-judge-rubric-set"
            value={setRowId}
            onChange={(event) => {
              setSetRowId(event.target.value);
              const next = sets.find((candidate) => candidate.id === event.target.value);
              setUseExamples((next?.set.expertExamples?.length ?? 0) > 0);
            }}
          >
            {sets.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.set.name[lang]} · {candidate.setId} v{candidate.version} · {candidate.hash.slice(0, 8)}
                {candidate.id === defaultSetRowId ? ` ${t('rubricSetDefault')}` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="stacked-field">
          <span>{t('samples')}</span>
          <input type="number" min={1} max={MAX_JUDGE_SAMPLES} data-testid="start-judge-samples" value={samples} onChange={(event) => setSamples(event.target.value)} />
        </label>
        <label className="stacked-field">
          <span>{t('language')}</span>
          <select data-testid="start-judge-language" value={language} onChange={(event) => setLanguage(event.target.value as JudgeLanguage)}>
            <option value="zh">{t('languageZh')}</option>
            <option value="en">{t('languageEn')}</option>
          </select>
        </label>
      </div>
      {sampleCountN > 1 && <p className="muted">{t('samplesNote')}</p>}
      <label className="radio">
        <input type="checkbox" data-testid="start-judge-reasoning-first" checked={reasoningFirst} onChange={(event) => setReasoningFirst(event.target.checked)} />
        <span>{t('reasoningFirst')}</span>
      </label>
      {examples > 0 ? (
        <label className="radio">
          <input type="checkbox" data-testid="start-judge-few-shot" checked={useExamples} onChange={(event) => setUseExamples(event.target.checked)} />
          <span>{t('fewShot', { n: examples })}</span>
        </label>
      ) : (
        <p className="muted" data-testid="start-judge-few-shot-none">{t('fewShotNone')}</p>
      )}
      <label className="radio">
        <input type="checkbox" data-testid="start-judge-logprobs" checked={logprobsOn} onChange={(event) => setLogprobsOn(event.target.checked)} />
        <span>{t('logprobs')}</span>
      </label>
      {logprobsOn && (
        <>
          <label className="stacked-field">
            <span>{t('topLogprobs')}</span>
            <input type="number" min={1} max={20} data-testid="start-judge-top-logprobs" value={topLogprobs} onChange={(event) => setTopLogprobs(event.target.value)} />
          </label>
          <p className="muted small">{t('logprobsNote')}</p>
        </>
      )}
      <label className="stacked-field">
        <span>{t('runName')}</span>
        <input
          type="text"
          data-testid="start-judge-name"
          value={name}
          maxLength={200}
          onChange={(event) => {
            setName(event.target.value);
            setNameEdited(true);
          }}
        />
      </label>
      <p data-testid="start-judge-calls" data-calls={calls} data-dialogues={picked.length}>
        {t('calls', { calls: formatNumber(lang, calls), dialogues: formatNumber(lang, picked.length), judges: formatNumber(lang, selected.length), samples: formatNumber(lang, sampleCountN) })}
      </p>
      {estimate && !estimate.ok && <p className="muted">{t('estimateFailed', { message: estimate.message })}</p>}
      {estimate?.ok && (
        <div className="prompt-estimate" data-testid="start-judge-estimate" data-input-tokens={estimate.value.input}>
          <p>{t('estimate', { input: formatNumber(lang, estimate.value.input), outputLow: formatNumber(lang, estimate.value.output.low), outputHigh: formatNumber(lang, estimate.value.output.high) })}</p>
          {selected.length > 0 && (
            <ul data-testid="start-judge-costs">
              {selected.map((connection) => {
                const cost = estimateJobCost(estimate.value, connection.price);
                return <li key={connection.id}>{cost ? t('cost', { name: connection.name, low: formatCost(cost.low), high: formatCost(cost.high) }) : t('costUnknown', { name: connection.name })}</li>;
              })}
            </ul>
          )}
        </div>
      )}
      {message && (
        <p className="error-inline" role="alert" data-testid="start-judge-error">
          {message}
        </p>
      )}
      <div className="button-row end">
        <span className="muted small">{t('keys')}</span>
        <button type="button" data-testid="start-judge-cancel" disabled={busy} onClick={onClose}>
          {t('close')}
        </button>
        <button type="button" className="primary" data-testid="start-judge-start" disabled={!canStart} onClick={() => void start()}>
          {busy ? t('starting') : t('start')}
        </button>
      </div>
    </dialog>
  );
}

function ConnectionChoice({ connection, checked, onChange }: { connection: LlmConnection; checked: boolean; onChange(on: boolean): void }) {
  const { t } = useRunJudgeText();
  return (
    <label className="radio">
      <input type="checkbox" data-testid="start-judge-connection" value={connection.id} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>
        {connection.name} ({connection.model}){connection.family ? ` · ${t('family', { family: connection.family })}` : ''} {!connection.keySet && <span className="muted" data-testid="start-judge-no-key">{t('noKey')}</span>}
      </span>
    </label>
  );
}
