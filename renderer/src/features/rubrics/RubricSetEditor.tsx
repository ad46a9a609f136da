import { useShallow } from 'zustand/react/shallow';
import { emptyRubric, moveItem, weightShares, type SetDraft } from '../../stores/rubrics/editor-model';
import { useRubricEditorStore } from '../../stores/rubrics/editor-store';
import { useRubricSetsStore } from '../../stores/rubrics/store';
import type { SetDiff } from '../../stores/rubrics/set-diff';
import { ExpertExamplesSection } from './ExpertExamplesSection';
import { BilingualField, TextField } from './fields';
import { RubricForm } from './RubricForm';
import type { RubricTextApi } from './strings';

const shortHash = (hash: string) => hash.slice(0, 12);

/** The rubric-set editor: set fields, rubrics, few-shot anchors, live problems, diff and save. */
export function RubricSetEditor({ datasetId, text, onClose }: { datasetId: string; text: RubricTextApi; onClose(): void }) {
  const { t } = text;
  const state = useRubricEditorStore(
    useShallow((s) => ({
      base: s.base,
      mode: s.mode,
      draft: s.draft,
      check: s.check,
      diff: s.diff,
      dirty: s.dirty,
      versionUnchanged: s.versionUnchanged,
      suggestedVersion: s.suggestedVersion,
      status: s.status,
      error: s.error,
      saved: s.saved,
    })),
  );
  const chosenRowId = useRubricSetsStore((s) => s.chosenRowId);
  if (!state.base || !state.draft) return null;
  const editor = useRubricEditorStore.getState();
  const { draft, check, base } = state;
  const problems = check.problems;
  const update = (change: (current: SetDraft) => SetDraft) => editor.update(change);
  const shares = weightShares(draft);
  const save = async () => {
    const row = await editor.save();
    if (row) await useRubricSetsStore.getState().load(datasetId);
  };

  return (
    <div className="rs-editor" data-testid="rubric-editor" data-valid={check.set !== null} data-dirty={state.dirty} data-hash={check.hash ?? ''}>
      <div className="rs-editor-head">
        <h2>{state.mode === 'duplicate' ? t('duplicateTitle', { id: base.setId, version: base.version }) : t('editorTitle', { id: base.setId, version: base.version })}</h2>
        <span className="rs-hash" title={base.hash}>
          {shortHash(base.hash)}
        </span>
        <button type="button" className="quiet" data-testid="editor-close" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <p className="rs-hint">{t('editorHelp')}</p>

      <section className="rs-section">
        <div className="rs-row">
          <TextField label={t('setId')} value={draft.id} path="$.id" problems={problems} onChange={(id) => update((current) => ({ ...current, id }))} />
          <TextField label={t('setVersion')} value={draft.version} path="$.version" problems={problems} width="narrow" onChange={(version) => update((current) => ({ ...current, version }))} />
        </div>
        <BilingualField label={t('setName')} value={draft.name} path="$.name" problems={problems} text={text} onChange={(name) => update((current) => ({ ...current, name }))} />
        <BilingualField label={t('setDescription')} value={draft.description} path="$.description" problems={problems} multiline text={text} onChange={(description) => update((current) => ({ ...current, description }))} />
      </section>

      <section className="rs-section" aria-labelledby="rs-rubrics-title">
        <h3 id="rs-rubrics-title">{t('rubricsTitle', { n: draft.rubrics.length })}</h3>
        <p className="rs-formula" data-testid="overall-formula">
          {t('overallFormula', {
            terms: draft.rubrics.map((rubric, index) => `${shares[index] === null ? '?' : shares[index]!.toFixed(3)} × ${rubric.id || '?'}`).join(' + '),
          })}
        </p>
        {problems.filter((problem) => problem.path === '$.rubrics').map((problem) => (
          <p key={problem.message} className="rs-field-problems" role="alert">
            {problem.message}
          </p>
        ))}
        {draft.rubrics.map((rubric, index) => (
          <RubricForm
            key={rubric.key}
            rubric={rubric}
            index={index}
            count={draft.rubrics.length}
            share={shares[index]}
            problems={problems}
            text={text}
            onChange={(next) => update((current) => ({ ...current, rubrics: current.rubrics.map((entry, i) => (i === index ? next : entry)) }))}
            onRemove={() => update((current) => ({ ...current, rubrics: current.rubrics.filter((_, i) => i !== index) }))}
            onMove={(step) => update((current) => ({ ...current, rubrics: moveItem(current.rubrics, index, index + step) }))}
          />
        ))}
        <button type="button" data-testid="add-rubric" onClick={() => update((current) => ({ ...current, rubrics: [...current.rubrics, emptyRubric(current.rubrics.length)] }))}>
          {t('addRubric')}
        </button>
      </section>

      <ExpertExamplesSection datasetId={datasetId} problems={problems} text={text} />

      <footer className="rs-savebar" data-testid="editor-savebar">
        {problems.length > 0 ? (
          <div className="rs-problems" data-testid="editor-problems" data-count={problems.length} role="status">
            <p>{t('problemsTitle', { n: problems.length })}</p>
            <ul>
              {problems.map((problem) => (
                <li key={problem.message}>{problem.message}</li>
              ))}
            </ul>
          </div>
        ) : state.dirty ? (
          <p data-testid="editor-valid">{t('valid', { hash: shortHash(check.hash ?? '') })}</p>
        ) : (
          <p data-testid="editor-unchanged">{t('noChanges')}</p>
        )}
        {state.diff && state.dirty && <DiffSummary diff={state.diff} version={base.version} text={text} />}
        {state.versionUnchanged && (
          <p className="rs-warning" data-testid="version-warning" role="alert">
            {t('versionUnchanged', { version: draft.version, next: state.suggestedVersion })}{' '}
            <button type="button" data-testid="use-suggested-version" onClick={() => update((current) => ({ ...current, version: state.suggestedVersion }))}>
              {t('useSuggested', { next: state.suggestedVersion })}
            </button>
          </p>
        )}
        {state.error && <p role="alert">{state.error}</p>}
        <button type="button" className="primary" data-testid="editor-save" disabled={check.set === null || !state.dirty || state.status === 'saving'} onClick={() => void save()}>
          {state.status === 'saving' ? t('saving') : t('save')}
        </button>
        {state.status === 'saved' && state.saved && (
          <span data-testid="editor-saved" data-row-id={state.saved.id} role="status">
            {t('saved', { id: state.saved.setId, version: state.saved.version, hash: shortHash(state.saved.hash) })}{' '}
            {chosenRowId !== state.saved.id && (
              <button type="button" data-testid="editor-use-saved" onClick={() => void useRubricSetsStore.getState().choose(state.saved!)}>
                {t('useSavedHere')}
              </button>
            )}
          </span>
        )}
      </footer>
    </div>
  );
}

function DiffSummary({ diff, version, text }: { diff: SetDiff; version: string; text: RubricTextApi }) {
  const { t } = text;
  const lines: string[] = [];
  if (diff.setFields.length > 0) lines.push(t('diffSetFields', { fields: diff.setFields.join(', ') }));
  if (diff.added.length > 0) lines.push(t('diffAdded', { ids: diff.added.join(', ') }));
  if (diff.removed.length > 0) lines.push(t('diffRemoved', { ids: diff.removed.join(', ') }));
  if (diff.reordered) lines.push(t('diffReordered'));
  for (const change of diff.changed) lines.push(t('diffChanged', { id: change.rubric, fields: change.fields.join(', ') }));
  if (diff.examplesAdded.length > 0) lines.push(t('diffExamplesAdded', { labels: diff.examplesAdded.join(', ') }));
  if (diff.examplesRemoved.length > 0) lines.push(t('diffExamplesRemoved', { labels: diff.examplesRemoved.join(', ') }));
  if (diff.examplesReordered) lines.push(t('diffExamplesReordered'));
  return (
    <div className="rs-diff" data-testid="editor-diff">
      <p>{t('diffTitle', { version })}</p>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
