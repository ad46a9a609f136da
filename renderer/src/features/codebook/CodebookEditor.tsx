import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { applyCodebookEdits, editsBetween, type CodebookEdit } from '../../../../shared/codebook/edit-codebook';
import type { BilingualText, Codebook, FieldDef, LabelDef } from '../../../../shared/codebook/types';
import { codebookVersionHash } from '../../../../shared/codebook/version-hash';
import { useCodebooksStore } from '../../stores/codebooks/store';
import { useCodebookText } from './strings';

/** Where the editor opens: a label of a field, or a new label for the field (`code` absent). */
export interface CodebookEditTarget {
  fieldId: string;
  code?: string;
}

interface CodebookEditorProps {
  target: CodebookEditTarget;
  /** the codebook the data set uses now: the version the draft starts from */
  codebook: Codebook;
  dataset: { id: string; codebookHash?: string };
  onClose(): void;
}

const emptyText = (): BilingualText => ({ zh: '', en: '' });
const newLabel = (): LabelDef => ({ code: '', name: emptyText(), aliases: [], definition: emptyText(), example: emptyText() });

/** One line per alias in the form, kept as typed (an empty line too, while it is being typed). */
const aliasesFromText = (text: string): string[] => text.split('\n');

/** The draft as it would be saved: empty alias lines dropped (the save trims the rest). */
function withoutBlankAliases(draft: Codebook): Codebook {
  return { ...draft, fields: draft.fields.map((field) => ({ ...field, labels: field.labels.map((label) => ({ ...label, aliases: label.aliases.filter((alias) => alias.trim() !== '') })) })) };
}

function withLabel(draft: Codebook, fieldId: string, index: number, change: (label: LabelDef) => LabelDef): Codebook {
  return { ...draft, fields: draft.fields.map((field) => (field.id === fieldId ? { ...field, labels: field.labels.map((label, at) => (at === index ? change(label) : label)) } : field)) };
}

/** The audit note of a save, bilingual, naming each label by field and code. */
export function editNote(edits: readonly CodebookEdit[]): string {
  return edits.map((edit) => (edit.kind === 'edit-label' ? `edited label / 修改标签 ${edit.fieldId}/${edit.code}` : `added label / 新增标签 ${edit.fieldId}/${edit.label.code}`)).join('; ');
}

/**
 * The codebook editor: an expert changes labels' names, definitions, examples and aliases, or adds
 * labels, in a draft; "Save as new version" stores the draft as a new version the data set then
 * uses (codes of existing labels are fixed, labels are never removed, the old version stays as it
 * was). A modal <dialog>: keys typed in it never reach review; Escape cancels, asking first when
 * the draft has changes.
 */
export function CodebookEditor({ target, codebook, dataset, onClose }: CodebookEditorProps) {
  const { t, lang } = useCodebookText();
  const saveEdited = useCodebooksStore((state) => state.saveEdited);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const [draft, setDraft] = useState<Codebook>(() => {
    if (target.code !== undefined) return codebook;
    return { ...codebook, fields: codebook.fields.map((field) => (field.id === target.fieldId ? { ...field, labels: [...field.labels, newLabel()] } : field)) };
  });
  const [selected, setSelected] = useState<{ fieldId: string; index: number }>(() => {
    const field = codebook.fields.find((candidate) => candidate.id === target.fieldId);
    const index = target.code === undefined ? (field?.labels.length ?? 0) : Math.max(0, field?.labels.findIndex((label) => label.code === target.code) ?? 0);
    return { fieldId: target.fieldId, index };
  });
  const [problems, setProblems] = useState<string[] | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [busy, setBusy] = useState(false);
  const problemsRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    returnFocus.current = document.activeElement;
    dialogRef.current?.showModal();
    // the label's form is what the expert came for: it has the focus, the dialog starts at its title
    dialogRef.current?.querySelector<HTMLElement>(target.code === undefined ? '[data-testid="codebook-editor-code"]' : '[data-testid="codebook-editor-name-zh"]')?.focus();
    if (dialogRef.current) dialogRef.current.scrollTop = 0;
    return () => {
      const back = returnFocus.current;
      if (back instanceof HTMLElement) back.focus();
    };
  }, []);

  // a refused save: its problems are what the expert reads next, not below the fold
  useEffect(() => {
    if (problems && problems.length > 0) problemsRef.current?.scrollIntoView({ block: 'nearest' });
  }, [problems]);

  const baseHash = useMemo(() => dataset.codebookHash ?? codebookVersionHash(codebook), [dataset.codebookHash, codebook]);
  const { edits, problems: structural } = useMemo(() => editsBetween(codebook, withoutBlankAliases(draft)), [codebook, draft]);
  // an added label left wholly empty is not a change: opening "Add label" and leaving is not a draft
  const changes = useMemo(() => edits.filter((edit) => edit.kind !== 'add-label' || !isBlank(edit.label)), [edits]);
  const dirty = changes.length > 0;
  const labelFields = draft.fields.filter((field) => field.type !== 'text');
  const field = draft.fields.find((candidate) => candidate.id === selected.fieldId) as FieldDef;
  const baseField = codebook.fields.find((candidate) => candidate.id === selected.fieldId);
  const label = field?.labels[selected.index];
  const isNew = selected.index >= (baseField?.labels.length ?? 0);
  const other = lang === 'zh' ? 'en' : 'zh';

  const update = (change: (label: LabelDef) => LabelDef) => {
    setDraft((current) => withLabel(current, selected.fieldId, selected.index, change));
    setProblems(null);
  };
  const setText = (key: 'name' | 'definition' | 'example', language: 'zh' | 'en', value: string) => update((current) => ({ ...current, [key]: { ...current[key], [language]: value } }));

  const addLabel = (fieldId: string) => {
    const target = draft.fields.find((candidate) => candidate.id === fieldId);
    if (!target) return;
    setDraft((current) => ({ ...current, fields: current.fields.map((candidate) => (candidate.id === fieldId ? { ...candidate, labels: [...candidate.labels, newLabel()] } : candidate)) }));
    setSelected({ fieldId, index: target.labels.length });
    setProblems(null);
  };

  const cancel = () => {
    if (busy) return;
    if (dirty) setConfirmDiscard(true);
    else onClose();
  };

  const save = async () => {
    const { codebook: edited, problems: found } = applyCodebookEdits(codebook, changes);
    const all = [...structural, ...found];
    if (all.length > 0) {
      setProblems(all);
      return;
    }
    setBusy(true);
    const result = await saveEdited({ datasetId: dataset.id, codebookHash: dataset.codebookHash, base: codebook, edited, note: editNote(changes) });
    setBusy(false);
    if (result.ok) onClose();
    else setProblems(result.problems);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // every key typed here is the editor's: neither review's keys nor the global ones (Shift+?) may run
    event.stopPropagation();
  };

  const labelTitle = (candidate: LabelDef, index: number, fieldId: string) => {
    const base = codebook.fields.find((entry) => entry.id === fieldId)?.labels[index];
    const changed = base ? changes.some((edit) => edit.kind === 'edit-label' && edit.fieldId === fieldId && edit.code === base.code) : !isBlank(candidate);
    const name = candidate.name[lang] || candidate.name[other] || candidate.code || t('editorUnnamed');
    return `${changed ? '● ' : ''}${name}${candidate.code ? ` (${candidate.code})` : ''}`;
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog cb-editor"
      data-testid="codebook-editor"
      data-dirty={dirty ? 'true' : 'false'}
      aria-labelledby="cb-editor-title"
      onKeyDown={onKeyDown}
      // React bubbles through the portal to the view around the panel (review keeps button clicks from taking focus): not here
      onMouseDown={(event) => event.stopPropagation()}
      onCancel={(event) => {
        event.preventDefault();
        if (confirmDiscard) setConfirmDiscard(false);
        else cancel();
      }}
    >
      <h2 id="cb-editor-title">{t('editorTitle')}</h2>
      <p className="muted" data-testid="codebook-editor-base">
        {t('editorBase', { name: codebook.name[lang], version: codebook.version, hash: baseHash.slice(0, 12) })}
      </p>
      <div className="cb-editor-pick">
        <label>
          <span>{t('editorField')}</span>
          <select
            data-testid="codebook-editor-field"
            value={selected.fieldId}
            onChange={(event) => {
              setSelected({ fieldId: event.target.value, index: 0 });
              setConfirmDiscard(false);
            }}
          >
            {labelFields.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name[lang] || candidate.id}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('editorLabel')}</span>
          <select data-testid="codebook-editor-label" value={String(selected.index)} onChange={(event) => setSelected({ fieldId: selected.fieldId, index: Number(event.target.value) })}>
            {field?.labels.map((candidate, index) => (
              <option key={index} value={String(index)}>
                {labelTitle(candidate, index, field.id)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-testid="codebook-editor-add" onClick={() => addLabel(selected.fieldId)}>
          {t('addLabel')}
        </button>
      </div>
      {label && (
        <div className="cb-editor-form" data-testid="codebook-editor-form" data-code={label.code} data-new={isNew ? 'true' : 'false'}>
          <label className="cb-editor-wide">
            <span>{t('editorCode')}</span>
            {isNew ? (
              <input data-testid="codebook-editor-code" value={label.code} spellCheck={false} autoComplete="off" onChange={(event) => update((current) => ({ ...current, code: event.target.value }))} />
            ) : (
              <input data-testid="codebook-editor-code" value={label.code} readOnly aria-describedby="cb-editor-code-hint" />
            )}
            <span id="cb-editor-code-hint" className="rv-hint cb-hint">
              {t(isNew ? 'editorCodeNewHint' : 'editorCodeFixedHint')}
            </span>
          </label>
          <label>
            <span>{t('editorNameZh')}</span>
            <input data-testid="codebook-editor-name-zh" lang="zh" value={label.name.zh} autoComplete="off" onChange={(event) => setText('name', 'zh', event.target.value)} />
          </label>
          <label>
            <span>{t('editorNameEn')}</span>
            <input data-testid="codebook-editor-name-en" lang="en" value={label.name.en} autoComplete="off" onChange={(event) => setText('name', 'en', event.target.value)} />
          </label>
          <label>
            <span>{t('editorDefinitionZh')}</span>
            <textarea data-testid="codebook-editor-definition-zh" lang="zh" rows={3} value={label.definition.zh} onChange={(event) => setText('definition', 'zh', event.target.value)} />
          </label>
          <label>
            <span>{t('editorDefinitionEn')}</span>
            <textarea data-testid="codebook-editor-definition-en" lang="en" rows={3} value={label.definition.en} onChange={(event) => setText('definition', 'en', event.target.value)} />
          </label>
          <label>
            <span>{t('editorExampleZh')}</span>
            <textarea data-testid="codebook-editor-example-zh" lang="zh" rows={2} value={label.example.zh} onChange={(event) => setText('example', 'zh', event.target.value)} />
          </label>
          <label>
            <span>{t('editorExampleEn')}</span>
            <textarea data-testid="codebook-editor-example-en" lang="en" rows={2} value={label.example.en} onChange={(event) => setText('example', 'en', event.target.value)} />
          </label>
          <label className="cb-editor-wide">
            <span>{t('editorAliases')}</span>
            <textarea
              data-testid="codebook-editor-aliases"
              rows={3}
              spellCheck={false}
              value={label.aliases.join('\n')}
              onChange={(event) => update((current) => ({ ...current, aliases: aliasesFromText(event.target.value) }))}
            />
            <span className="rv-hint cb-hint">{t('editorAliasesHint')}</span>
          </label>
        </div>
      )}
      <div className="cb-editor-changes" data-testid="codebook-editor-changes" data-count={changes.length}>
        {changes.length === 0 ? (
          <p className="muted">{t('editorNoChanges')}</p>
        ) : (
          <p className="muted">{t('editorChanges', { n: changes.length })}</p>
        )}
      </div>
      {problems && problems.length > 0 && (
        <div ref={problemsRef} className="cb-editor-problems" role="alert" data-testid="codebook-editor-problems" data-count={problems.length}>
          <p className="error-inline">{t('editorProblems')}</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {confirmDiscard ? (
        <div className="cb-editor-discard" role="alertdialog" aria-labelledby="cb-editor-discard-text" data-testid="codebook-editor-discard">
          <p id="cb-editor-discard-text">{t('editorDiscardQuestion', { n: changes.length })}</p>
          <div className="button-row">
            <button type="button" className="danger" data-testid="codebook-editor-discard-yes" onClick={onClose}>
              {t('editorDiscard')}
            </button>
            <button type="button" data-testid="codebook-editor-discard-no" autoFocus onClick={() => setConfirmDiscard(false)}>
              {t('editorKeepEditing')}
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          <button type="button" className="primary" data-testid="codebook-editor-save" disabled={!dirty || busy} onClick={() => void save()}>
            {t('editorSave')}
          </button>
          <button type="button" data-testid="codebook-editor-cancel" disabled={busy} onClick={cancel}>
            {t('editorCancel')}
          </button>
          <span className="rv-hint cb-hint">{t('editorSaveHint')}</span>
        </div>
      )}
    </dialog>
  );
}

function isBlank(label: LabelDef): boolean {
  return !label.code.trim() && !label.name.zh.trim() && !label.name.en.trim() && !label.definition.zh.trim() && !label.definition.en.trim() && !label.example.zh.trim() && !label.example.en.trim() && label.aliases.length === 0;
}
