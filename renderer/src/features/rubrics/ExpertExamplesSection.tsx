import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { moveItem, problemsAt, type DraftProblem } from '../../stores/rubrics/editor-model';
import { useRubricEditorStore } from '../../stores/rubrics/editor-store';
import { useSettingsStore } from '../../stores/settings/store';
import { FieldProblems } from './fields';
import type { RubricTextApi } from './strings';

/**
 * The set's expert-scored few-shot anchors: label, turns, scores; remove and reorder; and "Add
 * from data set…", which lists the dialogues the expert fully scored on the version being edited.
 */
export function ExpertExamplesSection({ datasetId, problems, text }: { datasetId: string; problems: readonly DraftProblem[]; text: RubricTextApi }) {
  const { t } = text;
  const { draft, base, candidates } = useRubricEditorStore(useShallow((s) => ({ draft: s.draft, base: s.base, candidates: s.candidates })));
  const rater = useSettingsStore((s) => s.reviewerName.trim());
  const [picking, setPicking] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  if (!draft || !base) return null;
  const editor = useRubricEditorStore.getState();
  const examples = draft.expertExamples;
  const attached = new Set(examples.map((example) => example.label));
  const setExamples = (next: typeof examples) => editor.update((current) => ({ ...current, expertExamples: next }));

  return (
    <section className="rs-section" data-testid="expert-examples" aria-labelledby="rs-examples-title">
      <h3 id="rs-examples-title">{t('examplesTitle')}</h3>
      <p className="rs-hint">{t('examplesHelp')}</p>
      <FieldProblems problems={problems.filter((problem) => problem.path === '$.expertExamples')} path="$.expertExamples" />
      {examples.length === 0 && <p className="rs-hint">{t('examplesEmpty')}</p>}
      <ol className="rs-example-list">
        {examples.map((example, index) => (
          <li key={example.label} data-testid="expert-example" data-label={example.label}>
            <span className="rs-example-label">{example.label}</span>
            <span className="rs-hint">{t('exampleTurns', { n: example.turns.length })}</span>
            <span className="rs-example-scores">{example.scores.map((score) => `${score.rubric} ${score.score}`).join(' · ')}</span>
            <button type="button" className="quiet" disabled={index === 0} onClick={() => setExamples(moveItem(examples, index, index - 1))}>
              ↑ {t('moveUp')}
            </button>
            <button type="button" className="quiet" disabled={index === examples.length - 1} onClick={() => setExamples(moveItem(examples, index, index + 1))}>
              ↓ {t('moveDown')}
            </button>
            <button type="button" className="quiet" data-testid="expert-example-remove" onClick={() => setExamples(examples.filter((_, i) => i !== index))}>
              {t('removeExample')}
            </button>
            <FieldProblems problems={problemsAt(problems, `$.expertExamples[${index}]`)} path={`$.expertExamples[${index}]`} />
          </li>
        ))}
      </ol>
      <button
        type="button"
        data-testid="add-from-dataset"
        onClick={() => {
          setChosen([]);
          setPicking(true);
          if (rater) void editor.loadCandidates({ datasetId, rater });
        }}
      >
        {t('addFromDataset')}
      </button>
      <ConfirmDialog
        open={picking}
        title={t('addFromDataset')}
        confirmLabel={t('candidatesAdd')}
        cancelLabel={t('cancel')}
        onCancel={() => setPicking(false)}
        onConfirm={() => {
          setPicking(false);
          if (chosen.length > 0) void editor.addExamples({ dialogueIds: chosen, rater });
        }}
      >
        <div data-testid="anchor-candidates" data-status={candidates.status}>
          <p>{t('candidatesTitle', { rater: rater || '—', id: base.setId, version: base.version })}</p>
          {!rater && <p role="alert">{t('candidatesNoRater')}</p>}
          {candidates.error && <p role="alert">{candidates.error}</p>}
          {candidates.status === 'ready' && candidates.items.length === 0 && <p>{t('candidatesEmpty')}</p>}
          <ul className="rs-candidates">
            {candidates.items.map((item) => {
              const isAttached = attached.has(item.label);
              return (
                <li key={item.dialogueId}>
                  <label>
                    <input
                      type="checkbox"
                      data-testid="anchor-candidate"
                      data-label={item.label}
                      disabled={isAttached}
                      checked={isAttached || chosen.includes(item.dialogueId)}
                      onChange={(event) => setChosen(event.target.checked ? [...chosen, item.dialogueId] : chosen.filter((id) => id !== item.dialogueId))}
                    />{' '}
                    {item.label} · {t('exampleTurns', { n: item.turnCount })} · {item.scores.map((score) => `${score.rubric} ${score.score}`).join(' · ')}
                    {isAttached ? ` (${t('candidatesAttached')})` : ''}
                  </label>
                </li>
              );
            })}
          </ul>
        </div>
      </ConfirmDialog>
    </section>
  );
}
