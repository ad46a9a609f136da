/** The editor's side: validation (always shown; a problem clicked opens its line in the YAML tab) and the dry run. */
import { expandTaskRows, nextStep, type FlowStep } from '../../../../shared/scenario';
import { useScenarioEditorStore } from '../../stores/scenarios/editor-store';
import { ConfigProblemText } from '../config-files/ConfigProblemText';
import type { ScenarioTextApi } from './strings';

export const shortHash = (hash: string) => hash.slice(0, 12);

export function ValidationPanel({ text }: { text: ScenarioTextApi }) {
  const { t } = text;
  const result = useScenarioEditorStore((state) => state.result);
  const checking = useScenarioEditorStore((state) => state.checking);
  const hash = useScenarioEditorStore((state) => state.hash);
  const dirty = useScenarioEditorStore((state) => state.dirty);
  const savedRow = useScenarioEditorStore((state) => state.savedRow);
  const problems = result && !result.ok ? result.problems : [];
  return (
    <section className="scn-panel scn-validation" data-testid="scenario-validation" data-valid={result?.ok === true} data-checking={checking} aria-live="polite">
      {/* the last result stays up while the next check waits out its debounce: no flicker at every key */}
      {result === null ? (
        <p className="scn-hint">{t('checking')}</p>
      ) : result.ok ? (
        <p className="scn-ok" data-testid="scenario-valid">
          ✓ {t('validBody', { hash: shortHash(hash ?? '') })}
        </p>
      ) : (
        <>
          <p className="scn-bad">{t('problemsTitle', { n: problems.length })}</p>
          <ul className="scn-problems" data-testid="scenario-problems">
            {problems.map((problem, index) => (
              <li key={index}>
                <button type="button" className="scn-problem" data-testid="scenario-problem" data-line={problem.line} onClick={() => useScenarioEditorStore.getState().goToLine(problem.line)}>
                  {t('problemAt', { line: problem.line })}
                  <ConfigProblemText problem={problem} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="scn-hint" data-testid="scenario-save-state" data-dirty={dirty}>
        {dirty ? t('unsaved') : savedRow ? t('isSaved', { id: `${savedRow.scenarioId}@${shortHash(savedRow.hash)}` }) : ''}
      </p>
    </section>
  );
}

function rowLabel(row: Readonly<Record<string, string | number>>): string {
  return Object.entries(row)
    .slice(0, 3)
    .map(([key, value]) => `${key}=${String(value).slice(0, 24)}`)
    .join(' · ');
}

export function DryRunPanel({ text }: { text: ScenarioTextApi }) {
  const { t } = text;
  const scenario = useScenarioEditorStore((state) => state.scenario);
  const valid = useScenarioEditorStore((state) => state.result?.ok === true);
  const chosen = useScenarioEditorStore((state) => state.dryRunRow);
  if (!scenario) {
    return (
      <section className="scn-panel" data-testid="scenario-dry-run" aria-label={t('dryRunTitle')}>
        <h3>{t('dryRunTitle')}</h3>
        <p className="scn-hint">{t('dryRunNone')}</p>
      </section>
    );
  }
  if (scenario.tasks.csv !== undefined) {
    return (
      <section className="scn-panel" data-testid="scenario-dry-run" aria-label={t('dryRunTitle')}>
        <h3>{t('dryRunTitle')}</h3>
        <p className="scn-hint">{t('dryRunCsv')}</p>
      </section>
    );
  }
  const rows = expandTaskRows(scenario);
  const index = Math.min(chosen, Math.max(0, rows.length - 1));
  let step: FlowStep | null = null;
  let failure: string | null = null;
  try {
    step = rows.length > 0 ? nextStep(scenario, rows[index], []) : null;
  } catch (error) {
    failure = (error as Error).message;
  }
  return (
    <section className="scn-panel scn-dry-run" data-testid="scenario-dry-run" aria-labelledby="scn-dry-run-title">
      <h3 id="scn-dry-run-title">
        {t('dryRunTitle')} {!valid && <span className="scn-hint">{t('dryRunStale')}</span>}
      </h3>
      <label className="scn-field">
        {t('dryRunRow')}
        <select data-testid="scenario-dry-run-row" value={index} onChange={(event) => useScenarioEditorStore.getState().setDryRunRow(Number(event.target.value))}>
          {rows.map((row, rowIndex) => (
            <option key={rowIndex} value={rowIndex}>
              {rowIndex + 1}. {rowLabel(row)}
            </option>
          ))}
        </select>
      </label>
      {failure && <p className="scn-bad">{t('dryRunFailed', { message: failure })}</p>}
      {step?.kind === 'end' && <p>{t('dryRunEnds', { reason: step.reason })}</p>}
      {step?.kind === 'speak' && (
        <>
          <p className="scn-hint">{t('dryRunSpeaker', { role: `${scenario.roles[step.role]?.label ?? step.role} (${step.role})` })}</p>
          <ol className="scn-messages" data-testid="scenario-dry-run-messages" data-role={step.role}>
            {step.messages.map((message, messageIndex) => (
              <li key={messageIndex} className="scn-message" data-testid="scenario-dry-run-message" data-role={message.role}>
                <span className="scn-message-role">{message.role}</span>
                <pre className="scn-message-text">{message.content}</pre>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
