import type { FieldDef, LabelDef, LabelLanguage } from '../../../../shared/codebook/types';
import { formatBinding } from '../../keyboard/key-match';
import { labelPickKey } from '../../keyboard/keymap';
import type { CodebookTextApi } from './strings';

interface LabelEntriesProps {
  field: FieldDef;
  labels: readonly LabelDef[];
  text: CodebookTextApi;
  /** review picks a label by its position in the field (1–9, 0, Alt+1…): the key is shown beside it */
  pickKeysOn: 'mac' | 'other' | null;
  /** when given, each label has an "Edit" button that opens the codebook editor on it */
  onEdit?: (fieldId: string, code: string) => void;
}

const otherLanguage = (lang: LabelLanguage): LabelLanguage => (lang === 'zh' ? 'en' : 'zh');

/** Labels with both names, the code, the definition and an example; texts from files are shown as text, never as HTML. */
export function LabelEntries({ field, labels, text, pickKeysOn, onEdit }: LabelEntriesProps) {
  const { lang, t } = text;
  const other = otherLanguage(lang);
  return (
    <dl>
      {labels.map((label) => {
        const binding = pickKeysOn === null ? null : labelPickKey(field.labels.indexOf(label) + 1);
        const key = binding === null || pickKeysOn === null ? null : formatBinding(binding, pickKeysOn);
        return (
          <div key={label.code} className="cb-label" data-testid="codebook-label" data-code={label.code} data-field-id={field.id}>
            <dt>
              {key !== null && <kbd>{key}</kbd>} {label.name[lang] || label.code}{' '}
              <span className="rv-hint cb-hint">
                {label.name[other]} · <code>{label.code}</code>
                {label.aliases.length > 0 && ` · ${label.aliases.join(' / ')}`}
              </span>
              {onEdit && (
                <button
                  type="button"
                  className="quiet cb-edit-button"
                  data-testid="codebook-edit-label"
                  aria-label={t('editLabelTitle', { name: label.name[lang] || label.code })}
                  title={t('editLabelTitle', { name: label.name[lang] || label.code })}
                  onClick={() => onEdit(field.id, label.code)}
                  tabIndex={-1}
                >
                  {t('editLabel')}
                </button>
              )}
            </dt>
            {(label.definition[lang] || label.definition[other]) && (
              <dd>
                {label.definition[lang] || label.definition[other]}
                {label.definition[lang] && label.definition[other] && <span className="rv-hint cb-hint"> {label.definition[other]}</span>}
              </dd>
            )}
            {(label.example[lang] || label.example[other]) && (
              <dd className="cb-example">
                {t('example', { text: label.example[lang] || label.example[other] })}
                {label.example[lang] && label.example[other] && <span className="rv-hint cb-hint"> “{label.example[other]}”</span>}
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}
