/**
 * Two versions of a session's metrics side by side: which pair is shown first, and what changed
 * between them per metric and field (shared/synthesis/revision.ts's revisionDiff), with the
 * locks added and removed.
 */
import type { SynthesisVersionRow } from '../../../../../shared/model/synthesis';
import { revisionDiff } from '../../../../../shared/synthesis/revision';
import type { BilingualText, MetricChange, MetricField } from '../../../../../shared/synthesis/types';

export interface VersionChoice {
  beforeSeq: number;
  afterSeq: number;
}

/** By seq, oldest first, whatever order the rows came in. */
export function versionsBySeq(versions: readonly SynthesisVersionRow[]): SynthesisVersionRow[] {
  return [...versions].sort((a, b) => a.seq - b.seq);
}

/** The one before the latest against the latest; a lone version against itself; null for none. */
export function defaultVersionChoice(versions: readonly SynthesisVersionRow[]): VersionChoice | null {
  const ordered = versionsBySeq(versions);
  const latest = ordered.at(-1);
  if (!latest) return null;
  return { beforeSeq: (ordered.at(-2) ?? latest).seq, afterSeq: latest.seq };
}

/**
 * The choice kept when it still names stored versions; else the default (a version list that
 * grew after a new round moves on to the new latest only when the choice no longer fits).
 */
export function validVersionChoice(versions: readonly SynthesisVersionRow[], choice: VersionChoice | null): VersionChoice | null {
  const seqs = new Set(versions.map((version) => version.seq));
  return choice && seqs.has(choice.beforeSeq) && seqs.has(choice.afterSeq) ? choice : defaultVersionChoice(versions);
}

export interface FieldChangeView {
  field: MetricField;
  before: MetricChange['before'];
  after: MetricChange['after'];
}

export interface MetricChangesView {
  metric: string;
  /** the metric's name in the later version (or the earlier one); null when neither has it */
  name: BilingualText | null;
  fields: FieldChangeView[];
}

export interface VersionsDiffView {
  metrics: MetricChangesView[];
  added: string[];
  removed: string[];
  locksAdded: string[];
  locksRemoved: string[];
  /** nothing at all differs */
  empty: boolean;
}

/** What changed from `before` to `after`: metrics in `before`'s order, each with its changed fields in field order. */
export function versionsDiff(before: SynthesisVersionRow, after: SynthesisVersionRow): VersionsDiffView {
  const diff = revisionDiff(before.metrics, after.metrics);
  const names = new Map([...before.metrics, ...after.metrics].map((metric) => [metric.id, metric.name]));
  const metrics: MetricChangesView[] = [];
  for (const change of diff.changes) {
    let entry = metrics.at(-1);
    if (entry?.metric !== change.metric) {
      entry = { metric: change.metric, name: names.get(change.metric) ?? null, fields: [] };
      metrics.push(entry);
    }
    entry.fields.push({ field: change.field, before: change.before, after: change.after });
  }
  const wasLocked = new Set(before.locked);
  const isLocked = new Set(after.locked);
  const locksAdded = after.locked.filter((id) => !wasLocked.has(id));
  const locksRemoved = before.locked.filter((id) => !isLocked.has(id));
  return {
    metrics,
    added: diff.added,
    removed: diff.removed,
    locksAdded,
    locksRemoved,
    empty: metrics.length === 0 && diff.added.length === 0 && diff.removed.length === 0 && locksAdded.length === 0 && locksRemoved.length === 0,
  };
}
