/** The editor's General and Roles tabs: the scenario's names and, per role, its connection, prompts and sampling. */
import { SPEAKING_ROLES, TURN_VARIABLES, type SpeakingRoleName } from '../../../../shared/scenario';
import { useScenarioEditorStore } from '../../stores/scenarios/editor-store';
import { asText, insertVariable, ListField, NumberField, PromptField, SelectField, TextField, useForm, valueAt } from './fields';
import type { ScenarioStringKey, ScenarioTextApi } from './strings';

export function GeneralTab({ text }: { text: ScenarioTextApi }) {
  const { t } = text;
  return (
    <div className="scn-tab" data-testid="scenario-tab-general">
      <div className="scn-row">
        <TextField label={t('fieldId')} path={['id']} testId="scenario-field-id" />
        <TextField label={t('fieldVersion')} path={['version']} width="narrow" />
        <NumberField label={t('fieldRepeats')} path={['repeats']} integer />
      </div>
      <div className="scn-row">
        <TextField label={t('fieldNameZh')} path={['name', 'zh']} width="wide" />
        <TextField label={t('fieldNameEn')} path={['name', 'en']} width="wide" />
      </div>
      <PromptField label={t('fieldDescriptionZh')} path={['description', 'zh']} rows={2} />
      <PromptField label={t('fieldDescriptionEn')} path={['description', 'en']} rows={2} />
    </div>
  );
}

const ROLE_TITLE: Record<SpeakingRoleName, ScenarioStringKey> = { teacher: 'roleTeacher', student: 'roleStudent', guide: 'roleGuide' };

/** The task columns a prompt may use: the inline rows' keys (or the CSV's columns) and the cross lists' keys. */
export function taskColumns(form: unknown): string[] {
  const tasks = valueAt(form, ['tasks']) as { rows?: unknown; columns?: unknown; cross?: unknown } | undefined;
  const keys = new Set<string>();
  const addKeys = (entries: unknown) => {
    if (Array.isArray(entries)) for (const entry of entries) if (entry && typeof entry === 'object') for (const key of Object.keys(entry)) keys.add(key);
  };
  addKeys(tasks?.rows);
  if (Array.isArray(tasks?.columns)) for (const column of tasks.columns) keys.add(String(column));
  if (tasks?.cross && typeof tasks.cross === 'object') for (const entries of Object.values(tasks.cross)) addKeys(entries);
  return [...keys];
}

function VariablesHelp({ text }: { text: ScenarioTextApi }) {
  const { t } = text;
  const form = useForm();
  const readOnly = useScenarioEditorStore((state) => state.readOnly || state.formStale);
  const groups: [ScenarioStringKey, readonly string[]][] = [
    ['variablesColumns', taskColumns(form)],
    ['variablesTurn', TURN_VARIABLES],
  ];
  return (
    <aside className="scn-variables" data-testid="scenario-variables" aria-label={t('variablesTitle')}>
      <p className="scn-hint">{t('variablesTitle')}</p>
      {groups.map(([title, names]) => (
        <div key={title} className="scn-variable-group">
          <span className="scn-hint">{t(title)}</span>
          {names.map((name) => (
            <button key={name} type="button" className="scn-variable" data-testid="scenario-variable" data-name={name} disabled={readOnly} onMouseDown={(event) => event.preventDefault()} onClick={() => insertVariable(name)}>
              {`{{${name}}}`}
            </button>
          ))}
        </div>
      ))}
    </aside>
  );
}

function RoleSection({ role, text }: { role: SpeakingRoleName; text: ScenarioTextApi }) {
  const { t } = text;
  const form = useForm();
  const base = ['roles', role] as const;
  const turnAt = valueAt(form, [...base, 'turn_at']);
  const turnAtKeys = turnAt && typeof turnAt === 'object' ? Object.keys(turnAt) : [];
  return (
    <section className="scn-card" data-testid="scenario-role" data-role={role} aria-labelledby={`scn-role-${role}`}>
      <div className="scn-card-head">
        <h3 id={`scn-role-${role}`}>{t(ROLE_TITLE[role])}</h3>
        {role !== 'teacher' && <RemoveRole role={role} text={text} />}
      </div>
      <div className="scn-row">
        <ListField label={role === 'teacher' ? t('fieldConnectionTeacher') : t('fieldConnection')} path={[...base, 'connection']} keepSingle testId={`scenario-${role}-connection`} />
        <TextField label={t('fieldLabel')} path={[...base, 'label']} optional width="narrow" />
        <SelectField
          label={t('fieldView')}
          path={[...base, 'view']}
          optional
          options={[
            valueAt(form, [...base, 'view']) === undefined ? { value: '', label: t('viewDefault') } : { value: 'conversation', label: t('viewConversation') },
            { value: 'transcript', label: t('viewTranscript') },
          ]}
        />
        <NumberField label={t('fieldTemperature')} path={[...base, 'sampling', 'temperature']} />
        <NumberField label={t('fieldMaxTokens')} path={[...base, 'sampling', 'max_tokens']} integer />
      </div>
      <PromptField label={t('fieldSystem')} path={[...base, 'system']} testId={`scenario-${role}-system`} rows={8} />
      <PromptField label={t('fieldTurn')} path={[...base, 'turn']} optional rows={3} testId={`scenario-${role}-turn`} />
      {turnAtKeys.map((key) => (
        <PromptField key={key} label={t('fieldTurnAt', { n: key })} path={[...base, 'turn_at', /^\d+$/.test(key) ? Number(key) : key]} rows={2} />
      ))}
    </section>
  );
}

function RemoveRole({ role, text }: { role: SpeakingRoleName; text: ScenarioTextApi }) {
  const readOnly = useScenarioEditorStore((state) => state.readOnly || state.formStale);
  return (
    <button type="button" className="quiet" disabled={readOnly} onClick={() => useScenarioEditorStore.getState().edit({ kind: 'remove', path: ['roles', role] })}>
      {text.t('removeRole')}
    </button>
  );
}

const DEFAULT_LABEL: Record<SpeakingRoleName, string> = { teacher: '教师', student: '学生', guide: '向导' };

export function RolesTab({ text }: { text: ScenarioTextApi }) {
  const form = useForm();
  const readOnly = useScenarioEditorStore((state) => state.readOnly || state.formStale);
  const declared = SPEAKING_ROLES.filter((role) => asText(valueAt(form, ['roles', role])) !== '');
  const missing = SPEAKING_ROLES.filter((role) => !declared.includes(role));
  return (
    <div className="scn-tab scn-roles" data-testid="scenario-tab-roles">
      <div className="scn-role-list">
        {declared.map((role) => (
          <RoleSection key={role} role={role} text={text} />
        ))}
        {missing.length > 0 && (
          <div className="scn-row">
            {missing.map((role) => (
              <button
                key={role}
                type="button"
                disabled={readOnly}
                onClick={() => useScenarioEditorStore.getState().edit({ kind: 'set', path: ['roles', role], value: { connection: role, label: DEFAULT_LABEL[role], system: '' } })}
              >
                {text.t('addRole', { role: text.t(ROLE_TITLE[role]) })}
              </button>
            ))}
          </div>
        )}
      </div>
      <VariablesHelp text={text} />
    </div>
  );
}
