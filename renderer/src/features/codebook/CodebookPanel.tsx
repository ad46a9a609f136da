import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { filterFieldLabels, searchCodebookLabels } from '../../../../shared/codebook/label-filter';
import type { Codebook, FieldDef } from '../../../../shared/codebook/types';
import { codebookVersionHash } from '../../../../shared/codebook/version-hash';
import { currentPlatform, formatBinding } from '../../keyboard/key-match';
import { bindingFor, type CommandId } from '../../keyboard/keymap';
import { CodebookEditor, type CodebookEditTarget } from './CodebookEditor';
import { LabelEntries } from './LabelEntries';
import { registerCodebookSearch, returnFocusFromCodebookSearch } from './search-focus';
import { useCodebookText } from './strings';
import './codebook.css';

interface CodebookPanelProps {
  /** the field in focus: review's current field, adjudication's current item's field */
  field: FieldDef;
  /** for "search all fields" */
  codebook: Codebook;
  /** the command whose key focuses the search in this view, shown in the placeholder */
  focusCommand: CommandId;
  /** review shows the key that picks each label; adjudication's digits pick layers instead */
  showPickKeys?: boolean;
  testId?: string;
  /**
   * The data set whose codebook this is: the version line shows the hash it recorded ("not
   * recorded" for a data set made before versioning). With `editable`, each label has "Edit" and
   * the field "Add label", which open the codebook editor.
   */
  dataset?: { id?: string; codebookHash?: string };
  editable?: boolean;
}

/**
 * The codebook at hand: the field's description and every label with both names, definition and
 * example, searchable in both languages. Keys typed in the search stay there: no view command runs.
 */
export function CodebookPanel({ field, codebook, focusCommand, showPickKeys = false, testId = 'codebook-panel', dataset, editable = false }: CodebookPanelProps) {
  const text = useCodebookText();
  const { lang, t } = text;
  const other = lang === 'zh' ? 'en' : 'zh';
  const platform = useMemo(() => currentPlatform(), []);
  const [query, setQuery] = useState('');
  const [allFields, setAllFields] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const searching = query.trim() !== '';
  const fieldMatches = useMemo(() => filterFieldLabels(field, query), [field, query]);
  const everyField = useMemo(() => (allFields && searching ? searchCodebookLabels(codebook, query) : null), [allFields, searching, codebook, query]);
  const focusKey = bindingFor(focusCommand)?.keys[0];
  const [editing, setEditing] = useState<CodebookEditTarget | null>(null);
  const editId = editable ? dataset?.id : undefined;
  const canEdit = editId !== undefined && editId !== '';

  useEffect(() => {
    registerCodebookSearch(inputRef.current);
    return () => registerCodebookSearch(null);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // the view's keys listen on the window: nothing typed here (Ctrl+Z, Escape included) may reach them
    event.stopPropagation();
    if (event.key === 'Escape' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      returnFocusFromCodebookSearch();
    }
  };

  // the version a value was labelled against is what an expert cites; the hash tells edited copies
  // apart. A data set's own record wins: one made before versioning recorded none, and says so.
  const computedHash = useMemo(() => codebookVersionHash(codebook).slice(0, 12), [codebook]);
  const versionHash = dataset ? (dataset.codebookHash?.slice(0, 12) ?? null) : computedHash;
  const onEdit = canEdit ? (fieldId: string, code: string) => setEditing({ fieldId, code }) : undefined;
  const noMatch = searching && (everyField ? everyField.length === 0 : fieldMatches.length === 0);
  return (
    <aside className="cb-panel rv-codebook-note" data-testid={testId} data-field-id={field.id} aria-label={t('panel')}>
      <p className="rv-hint cb-hint" data-testid="codebook-version" data-hash={versionHash ?? ''} data-recorded={versionHash === null ? 'false' : 'true'}>
        {versionHash === null
          ? t('notRecorded', { name: codebook.name[lang], version: codebook.version })
          : t('version', { name: codebook.name[lang], version: codebook.version, hash: versionHash })}
      </p>
      <h3 className="cb-field-title">
        <span>
          {t('fieldDescription', { name: field.name[lang] })} <span className="rv-hint cb-hint">{field.name[other]}</span>
        </span>
        {canEdit && field.type !== 'text' && (
          <button type="button" className="quiet cb-edit-button" data-testid="codebook-add-label" onClick={() => setEditing({ fieldId: field.id })} tabIndex={-1}>
            + {t('addLabel')}
          </button>
        )}
      </h3>
      <p>
        {field.description[lang]} <span className="rv-hint cb-hint">{field.description[other]}</span>
      </p>
      <div className="cb-search">
        <input
          ref={inputRef}
          type="search"
          data-testid="codebook-search"
          aria-label={t('searchLabel')}
          placeholder={t('searchPlaceholder', { key: focusKey ? formatBinding(focusKey, platform) : '' })}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck={false}
        />
        <label className="cb-all-fields">
          <input type="checkbox" data-testid="codebook-all-fields" checked={allFields} onChange={(event) => setAllFields(event.target.checked)} tabIndex={-1} />{' '}
          {t('allFields')}
        </label>
        {searching && (
          <button type="button" data-testid="codebook-clear" onClick={() => setQuery('')} tabIndex={-1}>
            {t('clearSearch')}
          </button>
        )}
      </div>
      {searching && !noMatch && !everyField && (
        <p className="rv-hint cb-hint" data-testid="codebook-count">
          {t('shownCount', { shown: fieldMatches.length, total: field.labels.length })}
        </p>
      )}
      {noMatch && (
        <p className="cb-no-match" role="status" data-testid="codebook-no-match">
          {t(everyField ? 'noMatchAllFields' : 'noMatch', { query: query.trim() })} {!everyField && t('noMatchTryAll')}
        </p>
      )}
      {field.labels.length === 0 && !everyField && <p className="rv-hint cb-hint">{t('noLabels')}</p>}
      {everyField
        ? everyField.map((entry) => (
            <section key={entry.field.id} className="cb-field-group" data-testid="codebook-field-group" data-field-id={entry.field.id}>
              <h4>
                {entry.field.name[lang]} <span className="rv-hint cb-hint">{entry.field.name[other]}</span>
              </h4>
              <LabelEntries field={entry.field} labels={entry.labels} text={text} pickKeysOn={showPickKeys && entry.field.id === field.id ? platform : null} onEdit={onEdit} />
            </section>
          ))
        : fieldMatches.length > 0 && <LabelEntries field={field} labels={fieldMatches} text={text} pickKeysOn={showPickKeys ? platform : null} onEdit={onEdit} />}
      {/* in a portal: the editor's clicks and keys must not bubble into the view around the panel */}
      {editing && canEdit && createPortal(<CodebookEditor target={editing} codebook={codebook} dataset={{ id: editId, codebookHash: dataset?.codebookHash }} onClose={() => setEditing(null)} />, document.body)}
    </aside>
  );
}
