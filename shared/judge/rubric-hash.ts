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
