/**
 * The editor's field widgets: a Chinese/English pair side by side, a one-line text field, and the
 * problems of a JSON path shown under the field. Every input carries its JSON path (data-path),
 * the same path the parser names in a problem. Text is shown as text only.
 */
import { useId } from 'react';
import type { BilingualText } from '../../../../shared/judge/types';
import type { DraftProblem } from '../../stores/rubrics/editor-model';
import type { RubricTextApi } from './strings';

export function FieldProblems({ problems, path }: { problems: readonly DraftProblem[]; path: string }) {
  if (problems.length === 0) return null;
  return (
    <ul className="rs-field-problems" data-testid="field-problems" data-for={path} role="alert">
      {problems.map((problem) => (
        <li key={problem.message}>{problem.message}</li>
      ))}
    </ul>
  );
}

const problemsFor = (problems: readonly DraftProblem[], path: string) => problems.filter((problem) => problem.path === path || problem.path === `${path}.zh` || problem.path === `${path}.en`);

export function BilingualField({
  label,
  value,
  path,
  problems,
  multiline = false,
  rows = 2,
  text,
  onChange,
}: {
  label: string;
  value: BilingualText;
  path: string;
  problems: readonly DraftProblem[];
  multiline?: boolean;
  rows?: number;
  text: RubricTextApi;
  onChange(value: BilingualText): void;
}) {
  const id = useId();
  const mine = problemsFor(problems, path);
  return (
    <fieldset className="rs-bilingual" data-invalid={mine.length > 0}>
      <legend>{label}</legend>
      <div className="rs-bilingual-pair">
        {(['zh', 'en'] as const).map((language) => {
          const inputId = `${id}-${language}`;
          const common = {
            id: inputId,
            'data-path': `${path}.${language}`,
            value: value[language],
            lang: language === 'zh' ? 'zh-CN' : 'en',
            'aria-invalid': mine.some((problem) => problem.path === path || problem.path === `${path}.${language}`) || undefined,
          };
          return (
            <label key={language} htmlFor={inputId} className="rs-lang">
              <span className="rs-lang-name">{text.t(language)}</span>
              {multiline ? (
                <textarea {...common} rows={rows} onChange={(event) => onChange({ ...value, [language]: event.target.value })} />
              ) : (
                <input {...common} type="text" onChange={(event) => onChange({ ...value, [language]: event.target.value })} />
              )}
            </label>
          );
        })}
      </div>
      <FieldProblems problems={mine} path={path} />
    </fieldset>
  );
}

export function TextField({
  label,
  value,
  path,
  problems,
  inputMode,
  width = 'normal',
  onChange,
}: {
  label: string;
  value: string;
  path: string;
  problems: readonly DraftProblem[];
  inputMode?: 'decimal' | 'numeric';
  width?: 'narrow' | 'normal';
  onChange(value: string): void;
}) {
  const mine = problems.filter((problem) => problem.path === path);
  return (
    <label className={`rs-text rs-text-${width}`} data-invalid={mine.length > 0}>
      <span>{label}</span>
      <input type="text" data-path={path} value={value} inputMode={inputMode} aria-invalid={mine.length > 0 || undefined} onChange={(event) => onChange(event.target.value)} />
      <FieldProblems problems={mine} path={path} />
    </label>
  );
}
