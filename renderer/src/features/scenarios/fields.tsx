/**
 * The scenario form's fields. Each is bound to a YAML path: it shows the value there in the
 * form's view of the text and writes an edit of that path; a problem the parser names at that
 * path is shown under it. Values are shown as text only.
 */
import { useEffect, useId, useState, type FocusEvent } from 'react';
import type { ScenarioProblem } from '../../../../shared/scenario';
import { useScenarioEditorStore, type FormValue } from '../../stores/scenarios/editor-store';
import type { YamlPath } from '../../stores/scenarios/yaml-edit';
import { ConfigProblemText } from '../config-files/ConfigProblemText';

/** `roles.teacher.system`, `tasks.rows[0]`: as the parser names paths in its problems. */
export function pathText(path: YamlPath): string {
  return path.map((step, index) => (typeof step === 'number' ? `[${step}]` : index === 0 ? step : `.${step}`)).join('');
}

export function valueAt(form: unknown, path: YamlPath): unknown {
  let node = form;
  for (const step of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[step];
  }
  return node;
}

export const asText = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

export function useForm(): FormValue | null {
  return useScenarioEditorStore((state) => state.form);
}

export function useFieldProblems(path: YamlPath): ScenarioProblem[] {
  const result = useScenarioEditorStore((state) => state.result);
  const key = pathText(path);
  if (!result || result.ok) return [];
  return result.problems.filter((problem) => problem.path === key);
}

export function FieldProblems({ problems }: { problems: readonly ScenarioProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="scn-field-problems" role="alert">
      {problems.map((problem) => (
        <li key={`${problem.line}:${problem.column}:${problem.message}`}>
          <ConfigProblemText problem={{ ...problem, path: '' }} />
        </li>
      ))}
    </ul>
  );
}

const setAt = (path: YamlPath, value: unknown) => useScenarioEditorStore.getState().edit({ kind: 'set', path, value });

interface FieldProps {
  label: string;
  path: YamlPath;
  /** an empty field removes the key (optional keys), instead of writing '' */
  optional?: boolean;
  width?: 'narrow' | 'wide';
  testId?: string;
}

export function TextField({ label, path, optional = false, width, testId }: FieldProps) {
  const id = useId();
  const form = useForm();
  const readOnly = useScenarioEditorStore((state) => state.readOnly || state.formStale);
  const problems = useFieldProblems(path);
  return (
    <div className={`scn-field${width ? ` scn-field-${width}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        data-testid={testId}
        data-path={pathText(path)}
        value={asText(valueAt(form, path))}
        readOnly={readOnly}
        aria-invalid={problems.length > 0}
        onChange={(event) => setAt(path, optional && event.target.value === '' ? undefined : event.target.value)}
      />
      <FieldProblems problems={problems} />
    </div>
  );
}

/** Numbers are typed as text: a half-typed "0." stays in the field until it is a number. */
export function NumberField({ label, path, width = 'narrow', testId, integer = false }: FieldProps & { integer?: boolean }) {
  const id = useId();
  const form = useForm();
  const readOnly = useScenarioEditorStore((state) => state.readOnly || state.formStale);
  const problems = useFieldProblems(path);
  const stored = valueAt(form, path);
  const [draft, setDraft] = useState(asText(stored));
  useEffect(() => {
    setDraft((current) => (current.trim() !== '' && Number(current) === stored ? current : asText(stored)));
  }, [stored]);
  const onChange = (raw: string) => {
    setDraft(raw);
    const trimmed = raw.trim();
    if (trimmed === '') return setAt(path, undefined);
    const number = Number(trimmed);
    if (Number.isFinite(number) && (!integer || Number.isInteger(number))) setAt(path, number);
  };
  return (
    <div className={`scn-field scn-field-${width}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} data-testid={testId} data-path={pathText(path)} inputMode="decimal" value={draft} readOnly={readOnly} aria-invalid={problems.length > 0} onChange={(event) => onChange(event.target.value)} />
      <FieldProblems problems={problems} />
    </div>
  );
}

/** A comma-separated list of words (connections, k values, roles). */
export function ListField({ label, path, numbers = false, keepSingle = false, testId }: FieldProps & { numbers?: boolean; keepSingle?: boolean }) {
  const id = useId();
  const form = useForm();
  const readOnly = useScenarioEditorStore((state) => state.readOnly || state.formStale);
  const problems = useFieldProblems(path);
  const stored = valueAt(form, path);
  const shown = Array.isArray(stored) ? stored.map(asText).join(', ') : asText(stored);
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft((current) => (normalise(current) === shown ? current : shown)), [shown]);
  const onChange = (raw: string) => {
    setDraft(raw);
    const items = raw.split(/[,，]/).map((item) => item.trim()).filter(Boolean);
    const values = numbers ? items.map(Number) : items;
    if (numbers && values.some((value) => !Number.isFinite(value))) return;
    // a single connection stays a plain word, as the templates write it
    if (keepSingle && !Array.isArray(stored) && values.length === 1) return setAt(path, values[0]);
    setAt(path, values.length === 0 ? undefined : values);
  };
  return (
    <div className="scn-field scn-field-wide">
      <label htmlFor={id}>{label}</label>
      <input id={id} data-testid={testId} data-path={pathText(path)} value={draft} readOnly={readOnly} aria-invalid={problems.length > 0} onChange={(event) => onChange(event.target.value)} />
      <FieldProblems problems={problems} />
    </div>
  );
}

function normalise(text: string): string {
  return text.split(/[,，]/).map((item) => item.trim()).filter(Boolean).join(', ');
}

/** With `optional`, the option whose value is '' stands for the key left out (its default). */
export function SelectField({ label, path, options, optional = false, testId }: FieldProps & { options: readonly { value: string; label: string }[] }) {
  const id = useId();
  const form = useForm();
  const readOnly = useScenarioEditorStore((state) => state.readOnly || state.formStale);
  const problems = useFieldProblems(path);
  return (
    <div className="scn-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} data-testid={testId} data-path={pathText(path)} value={asText(valueAt(form, path))} disabled={readOnly} onChange={(event) => setAt(path, optional && event.target.value === '' ? undefined : event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldProblems problems={problems} />
    </div>
  );
}

/** The prompt field the variables help inserts into: the last one focused, and where its cursor was. */
let lastPrompt: { element: HTMLTextAreaElement; path: YamlPath } | null = null;

export function insertVariable(name: string): boolean {
  const target = lastPrompt;
  if (!target || !target.element.isConnected) return false;
  const { element, path } = target;
  const value = element.value;
  const start = element.selectionStart ?? value.length;
  const end = element.selectionEnd ?? start;
  const inserted = `{{${name}}}`;
  setAt(path, `${value.slice(0, start)}${inserted}${value.slice(end)}`);
  requestAnimationFrame(() => {
    element.focus();
    element.setSelectionRange(start + inserted.length, start + inserted.length);
  });
  return true;
}

export function PromptField({ label, path, optional = false, rows = 6, testId }: FieldProps & { rows?: number }) {
  const id = useId();
  const form = useForm();
  const readOnly = useScenarioEditorStore((state) => state.readOnly || state.formStale);
  const problems = useFieldProblems(path);
  const remember = (event: FocusEvent<HTMLTextAreaElement>) => {
    lastPrompt = { element: event.currentTarget, path };
  };
  return (
    <div className="scn-field scn-prompt">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        data-testid={testId}
        data-path={pathText(path)}
        rows={rows}
        spellCheck={false}
        value={asText(valueAt(form, path))}
        readOnly={readOnly}
        aria-invalid={problems.length > 0}
        onFocus={remember}
        onChange={(event) => setAt(path, optional && event.target.value === '' ? undefined : event.target.value)}
      />
      <FieldProblems problems={problems} />
    </div>
  );
}
