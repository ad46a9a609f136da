/**
 * What an edit changed against the version it was made from, as the editor's summary lists it:
 * set fields, rubrics added, removed or moved (matched by id), each kept rubric's changed
 * fields, and the few-shot anchors added or removed (matched by label). Works on rubric-set
 * JSON, so a draft with problems has a summary too.
 */
import { rubricSetToJson } from '../../../../shared/judge/parse-rubric-set';
import type { RubricSet } from '../../../../shared/judge/types';

export type SetField = 'id' | 'version' | 'name' | 'description';
export type RubricField = 'name' | 'dimension' | 'weight' | 'definition' | 'range' | 'anchors' | 'positiveExamples' | 'negativeExamples';

export interface SetDiff {
  setFields: SetField[];
  added: string[];
  removed: string[];
  /** the kept rubrics are in another order */
  reordered: boolean;
  changed: { rubric: string; fields: RubricField[] }[];
  examplesAdded: string[];
  examplesRemoved: string[];
  examplesReordered: boolean;
}

const SET_FIELDS: SetField[] = ['id', 'version', 'name', 'description'];
const RUBRIC_FIELDS: RubricField[] = ['name', 'dimension', 'weight', 'definition', 'range', 'anchors', 'positiveExamples', 'negativeExamples'];

type Json = Record<string, unknown>;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

export function diffRubricSets(base: RubricSet, edited: Json): SetDiff {
  const before = rubricSetToJson(base);
  const beforeRubrics = list(before.rubrics);
  const afterRubrics = list(edited.rubrics);
  const beforeIds = beforeRubrics.map((rubric) => String(rubric.id));
  const afterIds = afterRubrics.map((rubric) => String(rubric.id));
  const kept = afterIds.filter((id) => beforeIds.includes(id));
  const changed: SetDiff['changed'] = [];
  for (const rubric of afterRubrics) {
    const old = beforeRubrics.find((candidate) => candidate.id === rubric.id);
    if (!old) continue;
    const fields = RUBRIC_FIELDS.filter((field) => !same(old[field], rubric[field]));
    if (fields.length > 0) changed.push({ rubric: String(rubric.id), fields });
  }
  const labels = (set: Json) => list(set.expertExamples).map((example) => String(example.label));
  const beforeLabels = labels(before);
  const afterLabels = labels(edited);
  const keptLabels = afterLabels.filter((label) => beforeLabels.includes(label));
  return {
    setFields: SET_FIELDS.filter((field) => !same(before[field], edited[field])),
    added: afterIds.filter((id) => !beforeIds.includes(id)),
    removed: beforeIds.filter((id) => !afterIds.includes(id)),
    reordered: !same(kept, beforeIds.filter((id) => afterIds.includes(id))),
    changed,
    examplesAdded: afterLabels.filter((label) => !beforeLabels.includes(label)),
    examplesRemoved: beforeLabels.filter((label) => !afterLabels.includes(label)),
    examplesReordered: !same(keptLabels, beforeLabels.filter((label) => afterLabels.includes(label))),
  };
}

export function isEmptyDiff(diff: SetDiff): boolean {
  return diff.setFields.length === 0 && diff.added.length === 0 && diff.removed.length === 0 && !diff.reordered && diff.changed.length === 0 && diff.examplesAdded.length === 0 && diff.examplesRemoved.length === 0 && !diff.examplesReordered;
}
