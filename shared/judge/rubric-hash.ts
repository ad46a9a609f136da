import { contentHash } from '../import/hash';
import { canonicalJson } from '../llm/cache-key';
import { rubricSetToJson } from './parse-rubric-set';
import type { RubricSet, RubricSetRef } from './types';

/**
 * A rubric set's version hash: the content hash of its canonical JSON (keys sorted at every
 * level, as codebookVersionHash does), so the same rubrics, anchors, weights and examples have
 * the same hash in any profile and any edit gives another. Rubric order counts: it is the order
 * the prompt lists them. Every judge result records it (rubricSetRef).
 */
export function rubricSetHash(set: RubricSet): string {
  return contentHash(canonicalJson(rubricSetToJson(set)));
}

export function rubricSetRef(set: RubricSet): RubricSetRef {
  return { id: set.id, version: set.version, hash: rubricSetHash(set) };
}

/**
 * What an expert's score is a score on: the rubrics alone (ids, names, definitions, ranges,
 * anchors, weights, examples per rubric), without the set's version string, name or expert
 * examples. Versions that differ only there (a new version made by attaching a few-shot anchor)
 * score the same thing, so expert scores given on one calibrate a judge run on the other.
 */
export function rubricsFingerprint(set: RubricSet): string {
  return contentHash(canonicalJson({ rubrics: rubricSetToJson(set).rubrics }));
}
