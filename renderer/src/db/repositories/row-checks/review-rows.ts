/**
 * The expert layer's rows and what goes with them: field, turn and dialogue reviews, annotators,
 * text drafts, the audit trail, dismissed findings. The rules are the ones reviews.ts,
 * annotators.ts, drafts.ts and finding-dismissals.ts write by.
 */
import type { Annotator } from '../../../../../shared/model/annotator';
import type { DraftRow, DraftTarget } from '../../../../../shared/model/draft';
import { AUDIT_REASONS, type EditLogEntry, type EditTarget } from '../../../../../shared/model/edit-log';
import { findingDismissalId, type FindingDismissalRow } from '../../../../../shared/model/finding-dismissal';
import { ACCEPTANCE_KINDS, type DialogueReview, type FieldReview, type ReviewDecision, type TurnReview } from '../../../../../shared/model/review';
import { anything, bool, both, count, fail, isoTime, list, nullable, oneOf, optional, shape, text, variant, type Check } from './check';

export const DECISIONS: readonly ReviewDecision[] = ['accepted', 'changed', 'unsure', 'labelled'];
const id = text();

/** Label codes: each one text, none twice (a one-value field never stores two, the field's own check). */
const codes: Check = both(list(text()), (value, path) => {
  const list = value as string[];
  if (new Set(list).size !== list.length) fail(path, 'inconsistent', 'lists the same code twice');
});

const fieldReviewShape = shape<FieldReview>({
  id,
  turnId: id,
  dialogueId: id,
  fieldId: id,
  decision: oneOf(DECISIONS),
  codes,
  text: nullable(text({ empty: true })),
  reviewer: text(),
  annotatorId: optional(id),
  suggestionLayerId: optional(id),
  acceptance: optional(oneOf(ACCEPTANCE_KINDS)),
  at: isoTime,
});

export const fieldReviewRow = both(fieldReviewShape, (value, path) => {
  const row = value as FieldReview;
  if (row.id !== `${row.turnId}|${row.fieldId}`) fail(path ? `${path}.id` : 'id', 'wrong-id', 'must be "<turn id>|<field id>"', { expected: `${row.turnId}|${row.fieldId}` });
  if (!row.turnId.startsWith(`${row.dialogueId}#`)) fail(path ? `${path}.turnId` : 'turnId', 'inconsistent', `is not a turn of dialogue ${row.dialogueId}`);
});

export const turnReviewRow = both(
  shape<TurnReview>({ id, dialogueId: id, verified: bool, reviewer: text(), annotatorId: optional(id), at: isoTime }),
  (value, path) => {
    const row = value as TurnReview;
    if (!row.id.startsWith(`${row.dialogueId}#`)) fail(path ? `${path}.id` : 'id', 'inconsistent', `is not a turn of dialogue ${row.dialogueId}`);
  },
);

export const dialogueReviewRow = shape<DialogueReview>({
  id,
  status: oneOf(['unreviewed', 'in-progress', 'verified']),
  teacherModel: optional(text({ empty: true })),
  reviewer: text(),
  annotatorId: optional(id),
  at: isoTime,
});

export const annotatorRow = shape<Annotator>({
  id,
  name: text({ max: 200 }),
  role: oneOf(['annotator', 'adjudicator', 'expert']),
  kind: oneOf(['human', 'llm']),
  createdAt: isoTime,
});

const draftTarget = variant('kind', {
  'text-field': shape<Extract<DraftTarget, { kind: 'text-field' }>>({ kind: oneOf(['text-field']), turnId: id, fieldId: id }),
  'teacher-model': shape<Extract<DraftTarget, { kind: 'teacher-model' }>>({ kind: oneOf(['teacher-model']) }),
});

export const draftRow = both(
  shape<DraftRow>({ id, dialogueId: id, target: draftTarget, text: text({ empty: true }), base: text({ empty: true }), updatedAt: isoTime }),
  (value, path) => {
    const row = value as DraftRow;
    const expected = row.target.kind === 'teacher-model' ? `${row.dialogueId}|teacher-model` : `${row.target.turnId}|${row.target.fieldId}|text`;
    if (row.id !== expected) fail(path ? `${path}.id` : 'id', 'wrong-id', `must be "${expected}"`, { expected });
  },
);

type TargetOf<K extends EditTarget['kind']> = Extract<EditTarget, { kind: K }>;
const editTarget = variant('kind', {
  field: shape<TargetOf<'field'>>({ kind: oneOf(['field']), turnId: id, fieldId: id }),
  turn: shape<TargetOf<'turn'>>({ kind: oneOf(['turn']), turnId: id, layerId: optional(id) }),
  dialogue: shape<TargetOf<'dialogue'>>({ kind: oneOf(['dialogue']) }),
  'layer-field': shape<TargetOf<'layer-field'>>({ kind: oneOf(['layer-field']), layerId: id, turnId: id, fieldId: id }),
  dataset: shape<TargetOf<'dataset'>>({ kind: oneOf(['dataset']) }),
  'rubric-score': shape<TargetOf<'rubric-score'>>({ kind: oneOf(['rubric-score']), rubricSetId: id, rubricSetHash: id, rubric: id }),
});

/** An entry as written: IndexedDB gives it its `seq`. */
export const editLogEntry = shape<EditLogEntry>({
  seq: optional(integer1),
  dialogueId: text({ empty: true }),
  datasetId: optional(id),
  target: editTarget,
  before: anything,
  after: anything,
  reviewer: text({ empty: true }),
  annotatorId: optional(id),
  reason: optional(oneOf(AUDIT_REASONS)),
  note: optional(text({ empty: true })),
  at: isoTime,
});

/** An entry as stored: with the `seq` IndexedDB gave it, the table's key. */
export const editLogRow = both(editLogEntry, (value, path) => integer1((value as EditLogEntry).seq, path ? `${path}.seq` : 'seq'));

function integer1(value: unknown, path: string): void {
  count(value, path);
  if ((value as number) < 1) fail(path, 'out-of-range', 'must be 1 or more', { min: 1 });
}

export const findingDismissalRow = both(
  shape<FindingDismissalRow>({ id, datasetId: id, dialogueId: id, turnId: id, fieldId: id, ruleId: id, note: text(), reviewer: text(), annotatorId: optional(id), at: isoTime }),
  (value, path) => {
    const row = value as FindingDismissalRow;
    const expected = findingDismissalId(row.ruleId, row.turnId, row.fieldId);
    if (row.id !== expected) fail(path ? `${path}.id` : 'id', 'wrong-id', `must be "${expected}"`, { expected });
    if (row.note !== row.note.trim() || row.reviewer !== row.reviewer.trim()) fail(path ? `${path}.note` : 'note', 'refused', 'has spaces around it the app would have trimmed');
  },
);
