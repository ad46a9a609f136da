import type { FieldDef } from '../../../../shared/codebook/types';
import { useMemo } from 'react';
import { currentPlatform } from '../../keyboard/key-match';
import { pickKeyText } from './LabelOptions';
import { otherLanguage, type ReviewTextApi } from './strings';

/** The focused field's description and every label's definition and example, both languages. */
export function CodebookNote({ field, text }: { field: FieldDef; text: ReviewTextApi }) {
  const { lang, t } = text;
  const other = otherLanguage(lang);
  const platform = useMemo(() => currentPlatform(), []);
  return (
    <aside className="rv-codebook-note" data-testid="codebook-note" data-field-id={field.id}>
      <h3>
        {t('fieldDescription')}: {field.name[lang]} <span className="rv-hint">{field.name[other]}</span>
      </h3>
      <p>
        {field.description[lang]} <span className="rv-hint">{field.description[other]}</span>
      </p>
      {field.labels.length > 0 && (
        <dl>
          {field.labels.map((label, index) => {
            const key = pickKeyText(index + 1, platform);
            return (
              <div key={label.code} className="rv-note-label">
                <dt>
                  {key !== null && <kbd>{key}</kbd>} {label.name[lang] || label.code}{' '}
                  <span className="rv-hint">
                    {label.name[other]} · <code>{label.code}</code>
                  </span>
                </dt>
                {(label.definition[lang] || label.definition[other]) && (
                  <dd>
                    {label.definition[lang] || label.definition[other]}
                    {label.definition[lang] && label.definition[other] && <span className="rv-hint"> {label.definition[other]}</span>}
                  </dd>
                )}
                {(label.example[lang] || label.example[other]) && (
                  <dd className="rv-note-example">
                    {t('example')}: “{label.example[lang] || label.example[other]}”
                  </dd>
                )}
              </div>
            );
          })}
        </dl>
      )}
    </aside>
  );
}
