import { type BilingualText, type DraftMetric, type ExpertEdit, METRIC_FIELDS, type MetricChange, type MetricField, REVISABLE_FIELDS, type RevisionDiff } from './types';

function sameValue(a: DraftMetric[MetricField], b: DraftMetric[MetricField]): boolean {
  if (typeof a === 'object' && typeof b === 'object') return (a as BilingualText).zh === (b as BilingualText).zh && (a as BilingualText).en === (b as BilingualText).en;
  return a === b;
}

function copy(value: DraftMetric[MetricField]): MetricChange['before'] {
  return typeof value === 'object' ? { ...value } : value;
}

/** Every field that differs, per metric in `before` order, then the metrics added and removed. */
export function revisionDiff(before: readonly DraftMetric[], after: readonly DraftMetric[]): RevisionDiff {
  const afterById = new Map(after.map((metric) => [metric.id, metric]));
  const beforeIds = new Set(before.map((metric) => metric.id));
  const changes: MetricChange[] = [];
  for (const old of before) {
    const next = afterById.get(old.id);
    if (!next) continue;
    for (const field of METRIC_FIELDS) if (!sameValue(old[field], next[field])) changes.push({ metric: old.id, field, before: copy(old[field]), after: copy(next[field]) });
  }
  return {
    changes,
    added: after.filter((metric) => !beforeIds.has(metric.id)).map((metric) => metric.id),
    removed: before.filter((metric) => !afterById.has(metric.id)).map((metric) => metric.id),
  };
}

/**
 * Why `after` is not a valid revision of `before`, every reason at once (empty: it is). Names,
 * dimensions and weights stay, so scores of different versions stay comparable; no metric is
 * added or removed; a locked metric does not change at all; only descriptions and the positive
 * and negative examples may differ.
 */
export function revisionProblems(before: readonly DraftMetric[], after: readonly DraftMetric[], locked: readonly string[] = []): string[] {
  const diff = revisionDiff(before, after);
  const problems: string[] = [];
  for (const id of diff.added) problems.push(`${id}: a metric may not be added in a revision`);
  for (const id of diff.removed) problems.push(`${id}: a metric may not be removed in a revision`);
  const ids = after.map((metric) => metric.id);
  for (const id of new Set(ids.filter((id, index) => ids.indexOf(id) !== index))) problems.push(`${id}: appears more than once`);
  const lockedSet = new Set(locked);
  for (const change of diff.changes) {
    if (lockedSet.has(change.metric)) problems.push(`${change.metric}: is locked; its ${change.field} may not change`);
    else if (!(REVISABLE_FIELDS as readonly string[]).includes(change.field)) problems.push(`${change.metric}: its ${change.field} may not change (only ${REVISABLE_FIELDS.join(', ')} may)`);
  }
  return problems;
}

/**
 * An educator's edit between rounds, as the versions view records it. Educators are held to the
 * same rule as the model (names, dimensions, weights and the list of metrics stay, so the next
 * round's scores compare with this one's) but may edit a metric they locked: the lock keeps the
 * model away from it, not its author.
 */
export function expertEdit(before: readonly DraftMetric[], after: readonly DraftMetric[], by: string): { ok: true; edit: ExpertEdit } | { ok: false; problems: string[] } {
  const problems = revisionProblems(before, after);
  if (by.trim().length === 0) problems.push('an edit names who made it');
  return problems.length > 0 ? { ok: false, problems } : { ok: true, edit: { by: by.trim(), changes: revisionDiff(before, after).changes } };
}
