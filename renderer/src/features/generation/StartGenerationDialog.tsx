import { useEffect, useMemo, useRef, useState } from 'react';
import type { ScenarioVersionRow } from '../../../../shared/model/generation';
import type { RubricSetRow } from '../../../../shared/model/judge';
import { parseScenarioYaml, type ParseScenarioResult } from '../../../../shared/scenario/parse-scenario';
import { isSizeProblem, MAX_ASSESSMENT_SAMPLES, MAX_SCENARIO_CONVERSATIONS, MAX_SCENARIO_TASK_ROWS, MAX_SCENARIO_TURNS, scenarioSize } from '../../../../shared/scenario/scenario-size';
import type { BoundRole } from '../../../../shared/scenario/generation-job';
import { getDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { getScenarioVersion } from '../../db/repositories/generation-runs';
import { listRubricSetVersions } from '../../db/repositories/rubric-sets';
import { formatNumber } from '../../i18n';
import { useConnectionsStore } from '../../stores/connections/store';
import { useGenerationLauncher } from '../../stores/generation/launcher';
import { useJobsStore } from '../../stores/jobs/store';
import { useJobsPanelStore } from '../jobs/panel-store';
import { rolesToBind, supportsPreference } from './build-generation-definition';
import { buildFromChoices, connectionNamed, EMPTY_CHOICES, missingChoices, scenarioFileOf, type GenerationDialogChoices, type MissingChoice } from './dialog-choices';
import { GenerationOptionFields } from './GenerationOptionFields';
import { GenerationPlanLines } from './GenerationPlanLines';
import { useGenerationText } from './strings';
import { ConfigProblemText } from '../config-files/ConfigProblemText';

const ROLE_WORD = { student: 'roleStudent', guide: 'roleGuide', judge: 'roleJudge' } as const;

/** Mounted with the app's global dialogs: opens when the launcher holds a scenario version, and starts its generation job. */
export function StartGenerationDialog() {
  const request = useGenerationLauncher((state) => state.request);
  const close = useGenerationLauncher((state) => state.close);
  const text = useGenerationText();
  const { t, lang } = text;
  const { connections, load } = useConnectionsStore();
  const startGeneration = useJobsStore((state) => state.startGeneration);
  const openJobs = useJobsPanelStore((state) => state.setOpen);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [version, setVersion] = useState<ScenarioVersionRow | null | undefined>(undefined);
  const [rubricSets, setRubricSets] = useState<RubricSetRow[]>([]);
  const [choices, setChoices] = useState<GenerationDialogChoices>(EMPTY_CHOICES);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = request !== null;
  const patch = (next: Partial<GenerationDialogChoices>) => setChoices((current) => ({ ...current, ...next }));

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
    if (!open) return;
    setMessage(null);
    setVersion(undefined);
    setChoices(EMPTY_CHOICES);
    void load();
    const db = getDb();
    void (async () => {
      try {
        const [row, sets] = await Promise.all([getScenarioVersion(db, request.scenarioVersionId), listRubricSetVersions(db)]);
        setVersion(row ?? null);
        setRubricSets(sets);
        patch({ safetyRubricSet: sets[0]?.set ?? null });
      } catch (error) {
        setMessage(t('startFailed', { message: errorMessage(error) }));
      }
    })();
  }, [request?.scenarioVersionId]);

  const parsed: ParseScenarioResult | null = useMemo(() => (version ? parseScenarioYaml(version.source, scenarioFileOf(version)) : null), [version]);
  const scenario = parsed?.ok ? parsed.scenario : null;

  // the connections the scenario names (by id or name) are the first choice; the user changes them freely
  useEffect(() => {
    if (!scenario || connections.length === 0) return;
    const teacher = scenario.roles.teacher?.connections ?? [];
    const teacherIds = teacher.map((name) => connectionNamed(connections, [name])).filter((id): id is string => id !== undefined);
    const roleConnections: Partial<Record<BoundRole, string>> = {};
    for (const role of rolesToBind(scenario)) {
      const named = role === 'judge' ? scenario.judge?.connection : scenario.roles[role]?.connections[0];
      const id = named ? connectionNamed(connections, [named]) : undefined;
      if (id) roleConnections[role] = id;
    }
    const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
    setChoices((current) => ({ ...current, teacherIds: current.teacherIds.length > 0 ? current.teacherIds : [...new Set(teacherIds.length > 0 ? teacherIds : connections.length === 1 ? [connections[0].id] : [])], roleConnections: { ...roleConnections, ...current.roleConnections }, title: current.title || t('defaultName', { scenario: scenario.name[lang] || scenario.id, date }) }));
  }, [scenario, connections]);

  const build = useMemo(() => (version && scenario ? buildFromChoices(version, choices) : null), [version, scenario, choices]);
  const rows = scenario && scenario.tasks.csv === undefined ? Number(scenarioSize(scenario).taskRows) : 0;
  const boundRoles = scenario ? rolesToBind(scenario, choices.safetyJudgeOn) : [];
  const canStart = !busy && build?.ok === true;
  const missing = scenario ? missingChoices(scenario, choices) : [];
  const missingText = (entry: MissingChoice) =>
    entry.kind === 'role' ? t('needRole', { role: t(ROLE_WORD[entry.role]) }) : t(({ name: 'needName', teacher: 'needTeacher', rubricSet: 'needRubricSet', turns: 'needTurns', candidates: 'needCandidates', budget: 'needBudget' } as const)[entry.kind]);

  const onClose = () => {
    if (!busy) close();
  };

  const start = async () => {
    if (!build?.ok || !scenario || !version) return;
    setBusy(true);
    setMessage(null);
    try {
      const teachers = build.definition.connectionIds.map((id) => {
        const connection = connections.find((candidate) => candidate.id === id);
        return { connectionId: id, name: connection?.name ?? id, model: connection?.model ?? id };
      });
      await startGeneration({ definition: build.definition, scenario: { id: scenario.id, version: scenario.version, hash: build.definition.parameters.scenarioHash }, teachers });
      // closed before the Jobs panel opens: two modal dialogs opening and closing at once leave Escape with neither
      dialogRef.current?.close();
      close();
      openJobs(true);
    } catch (error) {
      setMessage(t('startFailed', { message: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog start-job-dialog start-generation-dialog"
      data-testid="start-generation-dialog"
      aria-labelledby="start-generation-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="start-generation-title">{t('startTitle')}</h2>
      <p className="muted">{t('startIntro')}</p>
      {version === null && <p role="alert">{t('scenarioMissing')}</p>}
      {version && scenario && (
        <p data-testid="start-generation-scenario">{t('scenarioLine', { name: scenario.name[lang] || scenario.id, id: scenario.id, version: scenario.version, hash: version.hash.slice(0, 8) })}</p>
      )}
      {parsed && !parsed.ok && (
        <div className="error-inline" role="alert">
          <p>{t('scenarioProblems')}</p>
          {parsed.problems.some(isSizeProblem) && <p data-testid="start-generation-too-big">{t('scenarioTooBig', { conversations: formatNumber(lang, MAX_SCENARIO_CONVERSATIONS), rows: formatNumber(lang, MAX_SCENARIO_TASK_ROWS), turns: formatNumber(lang, MAX_SCENARIO_TURNS), samples: formatNumber(lang, MAX_ASSESSMENT_SAMPLES) })}</p>}
          <ul>{parsed.problems.slice(0, 8).map((problem, index) => <li key={index}>{t('problemAt', { line: problem.line, column: problem.column })} <ConfigProblemText problem={problem} /></li>)}</ul>
        </div>
      )}
      {scenario?.tasks.csv !== undefined && <p role="alert">{t('scenarioCsv', { file: scenario.tasks.csv })}</p>}
      {scenario && (
        <>
          {connections.length === 0 ? (
            <p data-testid="start-generation-no-connections">{t('noConnections')}</p>
          ) : (
            <fieldset className="choice-group">
              <legend>{t('teachers')}</legend>
              {connections.map((connection) => (
                <label key={connection.id} className="radio">
                  <input
                    type="checkbox"
                    data-testid="start-generation-teacher"
                    value={connection.id}
                    checked={choices.teacherIds.includes(connection.id)}
                    onChange={(event) => patch({ teacherIds: event.target.checked ? [...choices.teacherIds, connection.id] : choices.teacherIds.filter((id) => id !== connection.id) })}
                  />
                  <span>
                    {connection.name} ({connection.model}) {!connection.keySet && <span className="muted">{t('noKey')}</span>}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {boundRoles.length > 0 && (
            <div className="button-row">
              {boundRoles.map((role) => (
                <label key={role} className="stacked-field">
                  <span>{t('roleConnection', { role: t(ROLE_WORD[role]) })}</span>
                  <select data-testid={`start-generation-role-${role}`} value={choices.roleConnections[role] ?? ''} onChange={(event) => patch({ roleConnections: { ...choices.roleConnections, [role]: event.target.value || undefined } })}>
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
          <GenerationOptionFields text={text} choices={choices} onChange={patch} rubricSets={rubricSets} preferenceAvailable={supportsPreference(scenario)} />
          <label className="stacked-field">
            <span>{t('runName')}</span>
            <input type="text" data-testid="start-generation-name" maxLength={200} value={choices.title} onChange={(event) => patch({ title: event.target.value })} />
          </label>
          <p data-testid="start-generation-shape" data-conversations={rows * scenario.repeats * choices.teacherIds.length}>
            {t('shape', { rows: formatNumber(lang, rows), repeats: formatNumber(lang, scenario.repeats), teachers: formatNumber(lang, choices.teacherIds.length), conversations: formatNumber(lang, rows * scenario.repeats * choices.teacherIds.length) })}
          </p>
          {build?.ok && (
            <div data-testid="start-generation-calls" data-calls={build.callBound}>
              <GenerationPlanLines plan={build.plan} connections={connections} text={text} />
            </div>
          )}
          {build && !build.ok && (
            <div className="muted" data-testid="start-generation-problems">
              <p>{t('problems')}</p>
              {/* the dialog's own words first; the builder's (English) only for what they do not cover */}
              <ul>{missing.length > 0 ? missing.map((entry) => <li key={JSON.stringify(entry)}>{missingText(entry)}</li>) : build.problems.map((problem) => <li key={problem}>{problem}</li>)}</ul>
            </div>
          )}
        </>
      )}
      {message && (
        <p className="error-inline" role="alert" data-testid="start-generation-error">
          {message}
        </p>
      )}
      <div className="button-row end">
        <button type="button" data-testid="start-generation-cancel" disabled={busy} onClick={onClose}>
          {t('close')}
        </button>
        <button type="button" className="primary" data-testid="start-generation-start" disabled={!canStart} onClick={() => void start()}>
          {busy ? t('starting') : t('start')}
        </button>
      </div>
    </dialog>
  );
}
