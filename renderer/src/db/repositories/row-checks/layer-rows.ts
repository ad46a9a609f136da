/**
 * Rows that sit beside the expert layer: annotation layers and their values, adjudication
 * records, assignment packages, spot-checks. The rules are the ones layers.ts, llm-jobs.ts,
 * adjudications.ts, assignments-*.ts and spot-checks.ts write by.
 */
import { isReservedRaterName } from '../../../../../shared/agreement/rater-names';
import type { StoredLayerProblem } from '../../../../../shared/layers/problems';
import type { AdjudicationRow } from '../../../../../shared/model/adjudication';
import type { AssignmentRow, WorkTurnRecord } from '../../../../../shared/model/assignment';
import type { LayerRow, LayerValueRow } from '../../../../../shared/model/layer';
import type { SampleItem, SampleStrata, SampleStratum, SpotCheckRow } from '../../../../../shared/model/spot-check';
import { fieldValues } from '../validate';
import { bool, both, count, fail, integer, isoTime, list, nullable, number, oneOf, optional, recordOf, refusedBy, shape, text, texts, variant, type Check } from './check';
import { DECISIONS } from './review-rows';

const id = text();
const PROBLEM_KINDS = ['dialogue-unmatched', 'dialogue-absent', 'dialogue-duplicate', 'dialogue-ambiguous', 'turn-count', 'turn-text', 'turn-unmatched', 'turn-missing', 'speaker-differs', 'too-large-to-align'] as const;

const layerProblem = shape<StoredLayerProblem>({ kind: optional(oneOf(PROBLEM_KINDS)), file: text({ empty: true }), line: count, message: text({ empty: true }) });

/** A layer's name is trimmed, not empty, and (but the adjudicated layer's own) never a built-in rater's. */
const layerRowShape = shape<LayerRow>({
  codebookHash: optional(text()),
  id,
  datasetId: id,
  name: text({ max: 300 }),
  kind: oneOf(['llm', 'human', 'adjudicated']),
  sourceFile: text({ empty: true }),
  contentHash: text({ empty: true }),
  importedAt: isoTime,
  turns: count,
  problems: list(layerProblem),
  annotatorId: optional(id),
  assignmentId: optional(id),
});

export const layerRow = both(layerRowShape, refusedBy((value) => {
  const row = value as LayerRow;
  if (row.name !== row.name.trim()) throw new Error('the layer name has spaces around it the app would have trimmed');
  if (row.kind !== 'adjudicated' && isReservedRaterName(row.name)) throw new Error(`"${row.name}" is the name of a built-in rater`);
}));

const workRecord = shape<WorkTurnRecord>({
  fields: recordOf(shape<WorkTurnRecord['fields'][string]>({ decision: oneOf(DECISIONS), reviewer: text(), at: isoTime })),
  verified: optional(shape<NonNullable<WorkTurnRecord['verified']>>({ verified: bool, reviewer: text(), at: isoTime })),
});

export const layerValueRow = both(
  shape<LayerValueRow>({ id, layerId: id, dialogueId: id, turnId: id, values: fieldValues, work: optional(workRecord) }),
  (value, path) => {
    const row = value as LayerValueRow;
    if (row.id !== `${row.layerId}|${row.turnId}`) fail(at(path, 'id'), 'wrong-id', 'must be "<layer id>|<turn id>"', { expected: `${row.layerId}|${row.turnId}` });
    if (!row.turnId.startsWith(`${row.dialogueId}#`)) fail(at(path, 'turnId'), 'inconsistent', `is not a turn of dialogue ${row.dialogueId}`);
  },
);

const adjudicationShape = shape<AdjudicationRow>({
  id,
  datasetId: id,
  dialogueId: id,
  turnId: id,
  fieldId: id,
  status: oneOf(['unanimous', 'adjudicated', 'unresolved']),
  codes: texts,
  text: nullable(text({ empty: true })),
  compared: texts,
  agreedWith: texts,
  decidedBy: optional(id),
  needsGuidelineUpdate: bool,
  note: text({ empty: true }),
  at: isoTime,
});

export const adjudicationRow = both(adjudicationShape, (value, path) => {
  const row = value as AdjudicationRow;
  if (row.id !== `${row.turnId}|${row.fieldId}`) fail(at(path, 'id'), 'wrong-id', 'must be "<turn id>|<field id>"', { expected: `${row.turnId}|${row.fieldId}` });
  if (!row.turnId.startsWith(`${row.dialogueId}#`)) fail(at(path, 'turnId'), 'inconsistent', `is not a turn of dialogue ${row.dialogueId}`);
  if (row.status === 'unresolved' && row.codes.length > 0) fail(at(path, 'codes'), 'inconsistent', 'an unresolved item has no value');
});

export const assignmentRow = both(
  shape<AssignmentRow>({
    id,
    datasetId: id,
    direction: oneOf(['sent', 'received']),
    annotatorName: text({ max: 200 }),
    sourceDatasetId: id,
    sourceDatasetName: text({ empty: true }),
    dialogueIds: list(id, { min: 1 }),
    blind: bool,
    codebookId: id,
    codebookVersion: text({ empty: true }),
    codebookHash: id,
    createdAt: isoTime,
    importedLayerId: optional(id),
    importedWorkId: optional(id),
    localDialogueIds: optional(list(id)),
  }),
  (value, path) => {
    const row = value as AssignmentRow;
    if (row.localDialogueIds && row.localDialogueIds.length !== row.dialogueIds.length) fail(at(path, 'localDialogueIds'), 'inconsistent', 'must name one local dialogue per dialogue of the package');
  },
);

type StrataOf<K extends SampleStrata['kind']> = Extract<SampleStrata, { kind: K }>;
const strata = variant('kind', {
  none: shape<StrataOf<'none'>>({ kind: oneOf(['none']) }),
  'teacher-model': shape<StrataOf<'teacher-model'>>({ kind: oneOf(['teacher-model']) }),
  topic: shape<StrataOf<'topic'>>({ kind: oneOf(['topic']) }),
  'student-type': shape<StrataOf<'student-type'>>({ kind: oneOf(['student-type']) }),
  'llm-label': shape<StrataOf<'llm-label'>>({ kind: oneOf(['llm-label']), fieldId: id }),
});

export const spotCheckRow = both(
  shape<SpotCheckRow>({
    id,
    datasetId: id,
    name: text({ max: 200 }),
    createdAt: isoTime,
    seed: integer({ min: 0 }),
    unit: oneOf(['dialogue', 'turn']),
    fraction: optional(number({ min: 0, max: 1 })),
    size: optional(count),
    strata,
    strataCounts: list(shape<SampleStratum>({ key: text({ empty: true }), population: count, sampled: count })),
    items: list(shape<SampleItem>({ dialogueId: id, turnId: optional(id), stratum: text({ empty: true }) }), { min: 1 }),
    suggestionLayerId: optional(id),
    threshold: number({ min: 0, max: 1 }),
    position: count,
  }),
  (value, path) => {
    const row = value as SpotCheckRow;
    if (!(row.threshold > 0)) fail(at(path, 'threshold'), 'out-of-range', 'is an error rate above 0 and at most 1', { min: 0, max: 1 });
    if (row.position >= row.items.length) fail(at(path, 'position'), 'out-of-range', `must name one of the ${row.items.length} items`, { min: 0, max: row.items.length - 1 });
    const bad = row.items.findIndex((item) => (row.unit === 'turn') !== (item.turnId !== undefined) || (item.turnId !== undefined && !item.turnId.startsWith(`${item.dialogueId}#`)));
    if (bad >= 0) fail(at(path, `items[${bad}]`), 'inconsistent', row.unit === 'turn' ? 'a sample of turns names a turn of its dialogue' : 'a sample of dialogues names no turn');
  },
);

function at(path: string, field: string): string {
  return path ? `${path}.${field}` : field;
}

export type { Check };
