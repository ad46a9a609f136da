import { useEffect, useRef, useState } from 'react';
import type { Codebook } from '../../../../shared/codebook/types';
import type { Dialogue } from '../../../../shared/model/dataset';
import type { DialogueReview } from '../../../../shared/model/review';
import { getDb } from '../../db/db';
import type { DraftRow } from '../../../../shared/model/draft';
import { deleteDraft, listDrafts } from '../../db/repositories/drafts';
import { onTyped } from '../../stores/review/persisted-drafts';
import { reviewStore } from '../../stores/review/store';
import type { DialogueModel } from './review-model';
import type { ReviewTextApi } from './strings';

interface RestoredDraftsProps {
  dialogue: Dialogue;
  review: DialogueReview | null;
  model: DialogueModel;
  codebook: Codebook;
  text: ReviewTextApi;
  /** runs the action now when a reviewer name is set, else after the user has given one */
  guarded: (action: () => void) => void;
}

/** The value a draft was typed over, as stored now. */
function storedValueOf(draft: DraftRow, model: DialogueModel, dialogue: Dialogue, review: DialogueReview | null): string | null {
  if (draft.target.kind === 'teacher-model') return review?.teacherModel ?? dialogue.teacherModel;
  const { turnId, fieldId } = draft.target;
  const row = model.turns.find((turn) => turn.turn.id === turnId)?.fields.find((field) => field.field.id === fieldId);
  return row ? (row.expert?.text ?? row.context.preText) : null;
}

const sameText = (draft: DraftRow, value: string | null) =>
  value !== null && (draft.target.kind === 'teacher-model' ? draft.text.trim() === value : draft.text === value);

/**
 * Text typed in an earlier session (before a reload or a crash) that never reached Enter or a
 * blur: offered back when the dialogue opens, to save or to discard. Drafts that equal what is
 * stored now were saved after all and are removed quietly.
 */
export function RestoredDrafts({ dialogue, review, model, codebook, text, guarded }: RestoredDraftsProps) {
  const [offers, setOffers] = useState<DraftRow[]>([]);
  const latest = useRef({ model, review });
  latest.current = { model, review };

  useEffect(() => {
    let cancelled = false;
    void listDrafts(getDb(), dialogue.id).then(async (drafts) => {
      const { model: now, review: reviewNow } = latest.current;
      const saved = drafts.filter((draft) => sameText(draft, storedValueOf(draft, now, dialogue, reviewNow)) || storedValueOf(draft, now, dialogue, reviewNow) === null);
      for (const draft of saved) await deleteDraft(getDb(), draft.id);
      if (!cancelled) setOffers(drafts.filter((draft) => !saved.includes(draft)));
    });
    const unsubscribe = onTyped((id) => setOffers((current) => current.filter((draft) => draft.id !== id)));
    return () => {
      cancelled = true;
      unsubscribe();
    };
    // Once per opening: drafts written while this view is open are this session's own typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dialogue.id]);

  if (offers.length === 0) return null;

  const drop = (draft: DraftRow) => {
    setOffers((current) => current.filter((candidate) => candidate.id !== draft.id));
    void deleteDraft(getDb(), draft.id);
  };

  const save = (draft: DraftRow) =>
    guarded(() => {
      const store = reviewStore.getState();
      let written: Promise<boolean>;
      if (draft.target.kind === 'teacher-model') {
        const value = draft.text.trim();
        written = store.setTeacherModel(dialogue.id, value === '' || value === dialogue.teacherModel ? null : value);
      } else {
        const { turnId, fieldId } = draft.target;
        const turn = latest.current.model.turns.find((candidate) => candidate.turn.id === turnId);
        const row = turn?.fields.find((field) => field.field.id === fieldId);
        if (!turn || !row) return;
        written = store.editFields(turn.turn.index, [{ dialogueId: dialogue.id, turnId, fieldId, context: row.context, intent: { kind: 'text', text: draft.text } }]);
      }
      void written.then((ok) => {
        if (ok) drop(draft);
      });
    });

  const where = (draft: DraftRow) => {
    if (draft.target.kind === 'teacher-model') return text.t('teacherModel');
    const { turnId, fieldId } = draft.target;
    const turn = model.turns.find((candidate) => candidate.turn.id === turnId);
    const field = codebook.fields.find((candidate) => candidate.id === fieldId);
    return `${text.t('turnNumber', { n: (turn?.turn.index ?? 0) + 1 })} · ${field?.name[text.lang] ?? fieldId}`;
  };

  return (
    <div className="rv-message rv-message-warn rv-restored-drafts" role="alert" data-testid="restored-drafts">
      <strong>{text.t('restoredTitle', { n: offers.length })}</strong>
      <ul>
        {offers.map((draft) => {
          const changedSince = storedValueOf(draft, model, dialogue, review) !== draft.base;
          return (
            <li key={draft.id} data-testid="restored-draft" data-draft-id={draft.id}>
              <span>
                {where(draft)}: “<span className="rv-restored-text">{draft.text}</span>” ·{' '}
                {text.t('restoredTyped', { time: new Date(draft.updatedAt).toLocaleString(text.lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' }) })}
                {changedSince && <> · {text.t('restoredChangedSince')}</>}
              </span>
              <button type="button" data-testid="restored-draft-save" onClick={() => save(draft)}>
                {text.t('restoredSave')}
              </button>
              <button type="button" data-testid="restored-draft-discard" onClick={() => drop(draft)}>
                {text.t('restoredDiscard')}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
