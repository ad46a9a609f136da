import { useT } from '../../i18n';
import type { ImportFileEntry } from '../../stores/import/store';

interface TeacherModelFieldProps {
  entry: ImportFileEntry;
  index: number;
  disabled?: boolean;
  /** the file cannot be imported until a model is named */
  required: boolean;
  /** false where the rows name their own model (a mapped model column): then nothing is asked */
  ask?: boolean;
  onChange(index: number, teacherModel: string): void;
}

/**
 * The teacher model of one file. A model folder, a SID file name or a preset names it; a bare
 * file name (`lessons.csv`) does not, so the field starts empty with the stem as a suggestion
 * the user takes with one click, and stays marked until a model is named.
 */
export function TeacherModelField({ entry, index, disabled = false, required, ask = true, onChange }: TeacherModelFieldProps) {
  const t = useT();
  const suggestion = entry.teacherModelSuggestion;
  const inputId = `import-teacher-model-${index}`;
  const hintId = `${inputId}-hint`;
  const asking = entry.teacherModel.trim() === '' && (required || (ask && suggestion !== null));
  return (
    <div className={`teacher-model-field${required ? ' needs-attention' : ''}`} data-testid="import-teacher-model-field" data-required={required}>
      <label htmlFor={inputId}>
        {t('report.teacherModel')}
        {asking ? ' *' : ''}
      </label>
      <input
        id={inputId}
        type="text"
        data-testid="import-teacher-model"
        value={entry.teacherModel}
        placeholder={suggestion !== null ? t('report.teacherModelPlaceholder', { suggestion }) : t('report.teacherModelPlaceholderEmpty')}
        aria-required={required}
        aria-invalid={required}
        aria-describedby={asking ? hintId : undefined}
        disabled={disabled}
        onChange={(event) => onChange(index, event.target.value)}
      />
      {asking && suggestion !== null && (
        <button type="button" data-testid="import-teacher-model-use-suggestion" disabled={disabled} onClick={() => onChange(index, suggestion)}>
          {t('report.useSuggestion', { suggestion })}
        </button>
      )}
      {asking && (
        <p className="field-hint" id={hintId} data-testid="import-teacher-model-hint">
          {t('report.teacherModelNeeded')}
        </p>
      )}
    </div>
  );
}
