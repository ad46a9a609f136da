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
import { chooseJudgeDialogues, fewShotCount, judgeJobDefinition, loadJudgeCandidates, MAX_JUDGE_SAMPLES, withBatch, withinFilter, type JudgeCandidate, type JudgeScope } from './build-judge-definition';
import { estimatePairwiseJob } from '../../../../shared/judge/pairwise-estimate';
import { PairwiseStartFields, pairwiseFromCandidates, pairwiseRunSettings } from './PairwiseStartFields';
import { usePairwiseText } from './pairwise-strings';
import { useRunJudgeText } from './run-strings';

interface StartJudgeDialogProps {
  open: boolean;
  datasetId: string;
  datasetName: string;
  onClose(): void;
  onStarted(run: JudgeRunRow): void;
  /** the data-set table's filtered rows when opened from it (preselected as the scope); absent or null when no filter is active */
  filteredDialogueIds?: readonly string[] | null;
}

const clampInt = (text: string, min: number, max: number, fallback: number) => {
  const value = Math.trunc(Number(text));
  return Number.isFinite(value) && text.trim() !== '' ? Math.min(max, Math.max(min, value)) : fallback;
};

/** Chooses judge connections, dialogues, the rubric set and the prompt options, says how many calls (and what cost) that is, and starts the judge job. */
export function StartJudgeDialog({ open, datasetId, datasetName, onClose, onStarted, filteredDialogueIds = null }: StartJudgeDialogProps) {
  const { t, lang } = useRunJudgeText();
  const pw = usePairwiseText();
  const startPairwise = useJobsStore((state) => state.startPairwise);
  const [mode, setMode] = useState<'scores' | 'pairwise'>('scores');
  const [groups, setGroups] = useState<[string, string]>(['', '']);
  const [onlyFiltered, setOnlyFiltered] = useState(false);
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
  const [batchOn, setBatchOn] = useState(false);
  const [batchPoll, setBatchPoll] = useState('30');
  const pollSeconds = clampInt(batchPoll, 1, 3600, 30);
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
      // opened from a filtered table: those rows are meant, and the box says so (it can be unticked)
      setOnlyFiltered(filteredDialogueIds !== null);
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
  const within = onlyFiltered ? filteredDialogueIds : null;
  const inScope = useMemo(() => withinFilter(candidates ?? [], within), [candidates, within]);
  const teacherModels = useMemo(() => {
    const counts = new Map<string, number>();
    for (const candidate of inScope) counts.set(candidate.teacherModel, (counts.get(candidate.teacherModel) ?? 0) + 1);
    return [...counts.entries()];
  }, [inScope]);
  const sampleN = clampInt(sampleCount, 1, Number.MAX_SAFE_INTEGER, 0);
  const scope: JudgeScope = { within, models: byModel ? models : null, sample: sampleOn ? { count: sampleN, seed: Math.trunc(Number(seed) || 0) } : null };
  const picked = useMemo(() => chooseJudgeDialogues(candidates ?? [], scope), [candidates, within, byModel, models.join('\n'), sampleOn, sampleN, seed]);
  const sampleCountN = clampInt(samples, 1, MAX_JUDGE_SAMPLES, 1);
  const top = logprobsOn ? clampInt(topLogprobs, 1, 20, 5) : 0;
  const judgeNames = judgeNamesOf(selected);
  const pairwiseOn = mode === 'pairwise';
  const pairwise = useMemo(
    () => (pairwiseOn && rubricSet ? pairwiseFromCandidates(inScope, { title: `${datasetName} · ${name.trim()}`, connectionIds: selected.map((connection) => connection.id), rubricSet, language, reasoningFirst, samples: sampleCountN, groupA: groups[0], groupB: groups[1] }) : null),
    [pairwiseOn, inScope, rubricSet, language, reasoningFirst, sampleCountN, groups[0], groups[1], datasetName, name, chosen.join('\n')],
  );
  const pairCount = pairwise?.definition?.parameters.pairs.length ?? 0;
  const calls = pairwiseOn ? pairCount * 2 * selected.length * sampleCountN : picked.length * selected.length * sampleCountN;
  const externalIds = useMemo(() => new Map((candidates ?? []).map((candidate) => [candidate.dialogue.id, candidate.externalId])), [candidates]);

  useEffect(() => {
    if (nameEdited) return;
    const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const judges = judgeNames.join(', ') || '—';
    setName(pairwiseOn ? pw.t('defaultName', { a: groups[0] || 'A', b: groups[1] || 'B', judges, date }) : t('defaultName', { set: rubricSet?.id ?? '', judges, date }));
    // the default follows the choices until the user types a name
  }, [nameEdited, rubricSet?.id, judgeNames.join('\n'), lang, pairwiseOn, groups[0], groups[1]]);

  const estimate = useMemo(() => {
    if (pairwiseOn) {
      if (!pairwise?.definition) return null;
      try {
        return { ok: true as const, value: estimatePairwiseJob(pairwise.definition.parameters, sampleCountN) };
      } catch (error) {
        return { ok: false as const, message: errorMessage(error) };
      }
    }
    if (!rubricSet || picked.length === 0) return null;
    try {
      return { ok: true as const, value: estimateJudgeJob({ rubricSet, language, reasoningFirst, fewShot: useExamples ? undefined : [], dialogues: picked.map((candidate) => candidate.dialogue), samples: sampleCountN }) };
    } catch (error) {
      return { ok: false as const, message: errorMessage(error) };
    }
  }, [rubricSet, picked, language, reasoningFirst, useExamples, sampleCountN, pairwiseOn, pairwise]);

  const canStart = !busy && selected.length > 0 && (pairwiseOn ? pairCount > 0 : picked.length > 0) && rubricSet !== null && name.trim() !== '';
  const connectionRefs = () => selected.map(({ id, name: own, model, family }) => ({ id, name: own, model, ...(family ? { family } : {}) }));

  const start = async () => {
    if (!canStart || !rubricSet) return;
    setBusy(true);
    setMessage(null);
    try {
      if (pairwiseOn) {
        const { definition, pairing } = pairwise ?? {};
        if (!definition || !pairing) return;
        const sampling = Object.fromEntries(selected.map((connection, index) => [judgeNames[index], samplingFor(connection, 'judge-pairwise')]));
        const settings = { ...pairwiseRunSettings(pairing, { language, reasoningFirst, samples: sampleCountN, sampling, within: within ? within.length : null }), batch: batchOn };
        const { run } = await startPairwise({ definition: withBatch(definition, batchOn, pollSeconds), datasetId, name: name.trim(), rubricSet, connections: connectionRefs(), pairing, settings });
        onStarted(run);
        dialogRef.current?.close();
        onClose();
        openJobs(true);
        return;
      }
      const definition = withBatch(judgeJobDefinition(picked, { title: `${datasetName} · ${name.trim()}`, connectionIds: selected.map((connection) => connection.id), rubricSet, language, reasoningFirst, useExpertExamples: useExamples, topLogprobs: top, samples: sampleCountN }), batchOn, pollSeconds);
      const settings = {
        batch: batchOn,
        language,
        reasoningFirst,
        fewShot: fewShotCount(rubricSet, useExamples),
        sampling: Object.fromEntries(selected.map((connection, index) => [judgeNames[index], samplingFor(connection, 'judge')])),
        topLogprobs: top,
        samples: sampleCountN,
        scope: { models: scope.models, sample: scope.sample },
        dialogues: picked.length,
      };
      const { run } = await startJudge({ definition, datasetId, name: name.trim(), rubricSet, connections: connectionRefs(), settings });
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
      <p className="muted">{pairwiseOn ? pw.t('pairwiseIntro') : t('intro')}</p>
      <fieldset className="choice-group" data-testid="start-judge-mode">
        <legend>{pw.t('mode')}</legend>
        <label className="radio">
          <input type="radio" name="judge-mode" data-testid="start-judge-mode-scores" checked={!pairwiseOn} onChange={() => setMode('scores')} />
          <span>{pw.t('modeScores')}</span>
        </label>
        <label className="radio">
          <input type="radio" name="judge-mode" data-testid="start-judge-mode-pairwise" checked={pairwiseOn} onChange={() => setMode('pairwise')} />
          <span>{pw.t('modePairwise')}</span>
        </label>
        {filteredDialogueIds !== null && (
          <label className="radio">
            <input type="checkbox" data-testid="start-judge-only-filtered" checked={onlyFiltered} onChange={(event) => setOnlyFiltered(event.target.checked)} />
            <span>{t('scopeFiltered', { n: formatNumber(lang, filteredDialogueIds.length) })}</span>
          </label>
        )}
      </fieldset>
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
      {pairwiseOn && (
        <PairwiseStartFields teacherModels={teacherModels} groupA={groups[0]} groupB={groups[1]} onGroups={(a, b) => setGroups([a, b])} pairing={pairwise?.pairing ?? null} externalIdOf={(id) => externalIds.get(id) ?? id} />
      )}
      {!pairwiseOn && (
      <fieldset className="choice-group">
        <legend>{t('dialogues')}</legend>
        {candidates === null && <p className="muted">{t('loading')}</p>}
        <label className="radio">
          <input type="radio" name="judge-scope" data-testid="start-judge-scope-all" checked={!byModel} onChange={() => setByModel(false)} />
          <span>{t(within ? 'scopeAllShown' : 'scopeAll', { n: formatNumber(lang, inScope.length) })}</span>
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
      )}
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
          <span>{pairwiseOn ? pw.t('samples') : t('samples')}</span>
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
      {pairwiseOn ? null : examples > 0 ? (
        <label className="radio">
          <input type="checkbox" data-testid="start-judge-few-shot" checked={useExamples} onChange={(event) => setUseExamples(event.target.checked)} />
          <span>{t('fewShot', { n: examples })}</span>
        </label>
      ) : (
        <p className="muted" data-testid="start-judge-few-shot-none">{t('fewShotNone')}</p>
      )}
      {!pairwiseOn && (
      <label className="radio">
        <input type="checkbox" data-testid="start-judge-logprobs" checked={logprobsOn} onChange={(event) => setLogprobsOn(event.target.checked)} />
        <span>{t('logprobs')}</span>
      </label>
      )}
      {logprobsOn && !pairwiseOn && (
        <>
          <label className="stacked-field">
            <span>{t('topLogprobs')}</span>
            <input type="number" min={1} max={20} data-testid="start-judge-top-logprobs" value={topLogprobs} onChange={(event) => setTopLogprobs(event.target.value)} />
          </label>
          <p className="muted small">{t('logprobsNote')}</p>
        </>
      )}
      <label className="radio">
        <input type="checkbox" data-testid="start-judge-batch" checked={batchOn} onChange={(event) => setBatchOn(event.target.checked)} />
        <span>{t('batch')}</span>
      </label>
      {batchOn && (
        <>
          <label className="stacked-field">
            <span>{t('batchPoll')}</span>
            <input type="number" min={1} max={3600} data-testid="start-judge-batch-poll" value={batchPoll} onChange={(event) => setBatchPoll(event.target.value)} />
          </label>
          <p className="muted small" data-testid="start-judge-batch-note">{t('batchNote')}</p>
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
      <p data-testid="start-judge-calls" data-calls={calls} data-dialogues={picked.length} data-pairs={pairCount}>
        {pairwiseOn
          ? pw.t('calls', { calls: formatNumber(lang, calls), pairs: formatNumber(lang, pairCount), judges: formatNumber(lang, selected.length), samples: formatNumber(lang, sampleCountN) })
          : t('calls', { calls: formatNumber(lang, calls), dialogues: formatNumber(lang, picked.length), judges: formatNumber(lang, selected.length), samples: formatNumber(lang, sampleCountN) })}
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
