import type { ColumnMapping, DelimitedPreview } from '../../../../shared/import/types';
import { annotationFields, fieldName } from '../../codebook';
import { useLanguage, useT, type MessageKey } from '../../i18n';

type StructuralRole = 'dialogueId' | 'turnOrder' | 'speaker' | 'utterance' | 'teacherModel';

const ROLES: { role: StructuralRole; label: MessageKey; required: boolean }[] = [
  { role: 'dialogueId', label: 'mapping.dialogueId', required: true },
  { role: 'turnOrder', label: 'mapping.turnOrder', required: false },
  { role: 'speaker', label: 'mapping.speaker', required: true },
  { role: 'utterance', label: 'mapping.utterance', required: true },
  { role: 'teacherModel', label: 'mapping.teacherModel', required: false },
];

const PREVIEW_ROWS = 8;

interface MappingEditorProps {
  preview: DelimitedPreview;
  mapping: ColumnMapping;
  onChange(mapping: ColumnMapping): void;
}

/** Required columns still unmapped; the parser would report them as errors. */
export function missingRequiredRoles(mapping: ColumnMapping): StructuralRole[] {
  if (mapping.turnsPerRow && mapping.turnsPerRow.length > 0) return mapping.dialogueId ? [] : ['dialogueId'];
  return ROLES.filter(({ role, required }) => required && !mapping[role]).map(({ role }) => role);
}

function setRole(mapping: ColumnMapping, role: StructuralRole, column: string): ColumnMapping {
  if (role === 'turnOrder' || role === 'teacherModel') {
    const next = { ...mapping };
    if (column === '') delete next[role];
    else next[role] = column;
    return next;
  }
  return { ...mapping, [role]: column };
}

function setField(mapping: ColumnMapping, fieldId: string, column: string): ColumnMapping {
  const fields = { ...mapping.fields };
  if (column === '') delete fields[fieldId];
  else fields[fieldId] = column;
  return { ...mapping, fields };
}

export function MappingEditor({ preview, mapping, onChange }: MappingEditorProps) {
  const t = useT();
  const lang = useLanguage();
  const wide = Boolean(mapping.turnsPerRow && mapping.turnsPerRow.length > 0);
  const columnOptions = (
    <>
      <option value="">{t('mapping.none')}</option>
      {preview.columns.map((column) => (
        <option key={column} value={column}>
          {column}
        </option>
      ))}
    </>
  );
  const missing = missingRequiredRoles(mapping);

  return (
    <div className="mapping-editor">
      <p className="muted">
        {t('mapping.detected', { delimiter: preview.delimiter === '\t' ? 'Tab' : `“${preview.delimiter}”`, columns: preview.columns.length, rows: preview.rowCount })}
      </p>
      {wide && <p className="notice-inline">{t('mapping.wide', { turns: mapping.turnsPerRow?.length ?? 0 })}</p>}
      <div className="mapping-grid">
        {ROLES.map(({ role, label, required }) => (
          <label key={role} className="mapping-role">
            <span>
              {t(label)}
              {required && !wide ? ' *' : ''}
            </span>
            <select
              data-testid={`import-map-${role}`}
              value={mapping[role] ?? ''}
              disabled={wide && role !== 'dialogueId'}
              onChange={(event) => onChange(setRole(mapping, role, event.target.value))}
            >
              {columnOptions}
            </select>
          </label>
        ))}
        {!wide &&
          annotationFields().map((field) => (
            <label key={field.id} className="mapping-role">
              <span>{fieldName(field, lang)}</span>
              <select
                data-testid={`import-map-field-${field.id}`}
                value={mapping.fields[field.id] ?? ''}
                onChange={(event) => onChange(setField(mapping, field.id, event.target.value))}
              >
                {columnOptions}
              </select>
            </label>
          ))}
      </div>
      {missing.length > 0 && (
        <p className="field-hint" data-testid="import-mapping-missing">
          {t('mapping.missing', { roles: missing.map((role) => t(ROLES.find((entry) => entry.role === role)?.label ?? 'mapping.none')).join(', ') })}
        </p>
      )}
      <div className="preview-scroll">
        <table className="preview-table" data-testid="import-preview-table">
          <thead>
            <tr>
              {preview.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.slice(0, PREVIEW_ROWS).map((row, rowIndex) => (
              <tr key={rowIndex}>
                {preview.columns.map((column, columnIndex) => (
                  <td key={column} title={row[columnIndex] ?? ''}>
                    {row[columnIndex] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
