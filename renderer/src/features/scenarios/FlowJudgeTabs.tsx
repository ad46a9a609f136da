/** The editor's Flow tab (directions, budget, exit keywords, routers shown) and its Judge & assessment tab. */
import { useEffect, useId, useState } from 'react';
import { useScenarioEditorStore } from '../../stores/scenarios/editor-store';
import { asText, FieldProblems, ListField, NumberField, pathText, PromptField, SelectField, TextField, useFieldProblems, useForm, valueAt } from './fields';
import type { ScenarioTextApi } from './strings';

function DirectionInput({ index, value, text }: { index: number; value: string; text: ScenarioTextApi }) {
  const path = ['flow', 'directions', index];
  const readOnly = useScenarioEditorStore((state) => state.readOnly || state.formStale);
  const problems = useFieldProblems(path);
  const edit = useScenarioEditorStore.getState().edit;
  return (
    <li>
      <input aria-label={`${text.t('flowDirections')} ${index + 1}`} data-testid="scenario-direction" data-path={pathText(path)} value={value} readOnly={readOnly} aria-invalid={problems.length > 0} onChange={(event) => edit({ kind: 'set', path, value: event.target.value })} />
      <button type="button" className="quiet" disabled={readOnly} onClick={() => edit({ kind: 'remove', path })}>
        {text.t('removeDirection')}
      </button>
      <FieldProblems problems={problems} />
    </li>
  );
}

/** One keyword a line: keywords such as "[End]" hold commas and brackets. */
function KeywordsField({ text }: { text: ScenarioTextApi }) {
  const id = useId();
  const path = ['flow', 'exit', 'keywords'];
  const form = useForm();
  const readOnly = useScenarioEditorStore((state) => state.readOnly || state.formStale);
  const stored = valueAt(form, path);
  const shown = Array.isArray(stored) ? stored.map(asText).join('\n') : '';
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft((current) => (current.split('\n').filter((line) => line.trim() !== '').join('\n') === shown ? current : shown)), [shown]);
  const onChange = (raw: string) => {
    setDraft(raw);
    const keywords = raw.split('\n').filter((line) => line.trim() !== '');
    useScenarioEditorStore.getState().edit({ kind: 'set', path, value: keywords.length === 0 && valueAt(form, ['flow', 'exit', 'roles']) === undefined ? undefined : keywords });
  };
  return (
    <div className="scn-field scn-prompt">
      <label htmlFor={id}>{text.t('fieldExitKeywords')}</label>
      <textarea id={id} data-testid="scenario-exit-keywords" rows={3} value={draft} readOnly={readOnly} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

function describeRule(rule: unknown): string {
  if (!rule || typeof rule !== 'object') return asText(rule);
  const { if: condition, then, else: otherwise } = rule as Record<string, unknown>;
  if (otherwise !== undefined) return `else → ${asText(otherwise)}`;
  const parts = condition && typeof condition === 'object' ? Object.entries(condition).map(([key, value]) => `${key} = ${asText(value)}`) : [];
  return `if ${parts.join(' and ')} → ${asText(then)}`;
}

export function FlowTab({ text }: { text: ScenarioTextApi }) {
  const { t } = text;
  const form = useForm();
  const readOnly = useScenarioEditorStore((state) => state.readOnly || state.formStale);
  const directionsProblems = useFieldProblems(['flow', 'directions']);
  const flowProblems = useFieldProblems(['flow']);
  const directions = valueAt(form, ['flow', 'directions']);
  const list = Array.isArray(directions) ? directions.map(asText) : [];
  const routers = valueAt(form, ['flow', 'routers']);
  const routerEntries = routers && typeof routers === 'object' ? Object.entries(routers as Record<string, unknown>) : [];
  return (
    <div className="scn-tab" data-testid="scenario-tab-flow">
      <section aria-labelledby="scn-directions">
        <h3 id="scn-directions">{t('flowDirections')}</h3>
        <ol className="scn-directions">
          {list.map((direction, index) => (
            <DirectionInput key={index} index={index} value={direction} text={text} />
          ))}
        </ol>
        <button type="button" disabled={readOnly} onClick={() => useScenarioEditorStore.getState().edit({ kind: 'append', path: ['flow', 'directions'], value: '' })}>
          {t('addDirection')}
        </button>
        <FieldProblems problems={[...directionsProblems, ...flowProblems]} />
      </section>
      <div className="scn-row">
        <NumberField label={t('fieldMaxTurns')} path={['flow', 'max_turns']} integer testId="scenario-max-turns" />
      </div>
      <KeywordsField text={text} />
      <ListField label={t('fieldExitRoles')} path={['flow', 'exit', 'roles']} />
      <section aria-labelledby="scn-routers">
        <h3 id="scn-routers">{t('routersTitle')}</h3>
        {routerEntries.length === 0 ? (
          <p className="scn-hint">{t('routersNone')}</p>
        ) : (
          routerEntries.map(([name, rules]) => (
            <div key={name} className="scn-router" data-testid="scenario-router" data-name={name}>
              <strong>{name}</strong>
              <ol>
                {(Array.isArray(rules) ? rules : []).map((rule, index) => (
                  <li key={index}>{describeRule(rule)}</li>
                ))}
              </ol>
            </div>
          ))
        )}
      </section>
    </div>
  );
}

export function JudgeTab({ text }: { text: ScenarioTextApi }) {
  const { t } = text;
  const form = useForm();
  const readOnly = useScenarioEditorStore((state) => state.readOnly || state.formStale);
  const edit = useScenarioEditorStore.getState().edit;
  const hasJudge = valueAt(form, ['roles', 'judge']) !== undefined;
  const hasAssessment = valueAt(form, ['assessment']) !== undefined;
  const roles = ['teacher', 'student', 'guide'].filter((role) => valueAt(form, ['roles', role]) !== undefined);
  return (
    <div className="scn-tab" data-testid="scenario-tab-judge">
      <section className="scn-card" aria-labelledby="scn-judge">
        <h3 id="scn-judge">{t('judgeTitle')}</h3>
        {hasJudge ? (
          <>
            <div className="scn-row">
              <TextField label={t('fieldConnection')} path={['roles', 'judge', 'connection']} />
              <TextField label={t('fieldRubricSet')} path={['roles', 'judge', 'rubric_set']} />
              <NumberField label={t('fieldTemperature')} path={['roles', 'judge', 'sampling', 'temperature']} />
              <NumberField label={t('fieldMaxTokens')} path={['roles', 'judge', 'sampling', 'max_tokens']} integer />
            </div>
            <button type="button" className="quiet" disabled={readOnly} onClick={() => edit({ kind: 'remove', path: ['roles', 'judge'] })}>
              {t('removeJudge')}
            </button>
          </>
        ) : (
          <>
            <p className="scn-hint">{t('judgeNone')}</p>
            <button type="button" disabled={readOnly} onClick={() => edit({ kind: 'set', path: ['roles', 'judge'], value: { connection: 'judge', rubric_set: 'sid', sampling: { temperature: 0.1 } } })}>
              {t('addJudge')}
            </button>
          </>
        )}
      </section>
      <section className="scn-card" aria-labelledby="scn-assessment">
        <h3 id="scn-assessment">{t('assessmentTitle')}</h3>
        {hasAssessment ? (
          <>
            <div className="scn-row">
              <SelectField label={t('fieldAssessRole')} path={['assessment', 'role']} options={roles.map((role) => ({ value: role, label: role }))} />
              <NumberField label={t('fieldSamples')} path={['assessment', 'samples']} integer />
              <ListField label={t('fieldK')} path={['assessment', 'k']} numbers />
              <SelectField label={t('fieldCheck')} path={['assessment', 'check', 'kind']} options={['exact', 'numeric', 'regex'].map((kind) => ({ value: kind, label: kind }))} />
              <NumberField label={t('fieldTemperature')} path={['assessment', 'sampling', 'temperature']} />
            </div>
            <PromptField label={t('fieldAssessPrompt')} path={['assessment', 'prompt']} rows={3} />
          </>
        ) : (
          <p className="scn-hint">{t('assessmentNone')}</p>
        )}
      </section>
    </div>
  );
}
