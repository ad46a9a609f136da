/**
 * What an educator has typed for one metric before saving: the three revisable fields in both
 * languages, held locally (per metric) until saved, so new props for other metrics never touch it.
 */
import type { LabelLanguage } from '../../../../../shared/codebook/types';
import { type DraftMetric, REVISABLE_FIELDS, type RevisableField } from '../../../../../shared/synthesis/types';
import type { TypedMetric } from '../../../stores/synthesis/drafts';

export type MetricDraft = TypedMetric;

export function draftOf(metric: DraftMetric): MetricDraft {
  return { description: { ...metric.description }, positiveExample: { ...metric.positiveExample }, negativeExample: { ...metric.negativeExample } };
}

/** The draft with one language of one field replaced (a new object: React sees the change). */
export function typedInto(draft: MetricDraft, field: RevisableField, lang: LabelLanguage, value: string): MetricDraft {
  return { ...draft, [field]: { ...draft[field], [lang]: value } };
}

/** Only the fields that differ from the metric as stored: what onEdit is given. Empty: nothing to save. */
export function changedFields(metric: DraftMetric, draft: MetricDraft): Partial<MetricDraft> {
  const changed: Partial<MetricDraft> = {};
  for (const field of REVISABLE_FIELDS) {
    if (draft[field].zh !== metric[field].zh || draft[field].en !== metric[field].en) changed[field] = { ...draft[field] };
  }
  return changed;
}

export function sameDraft(a: MetricDraft, b: MetricDraft): boolean {
  return REVISABLE_FIELDS.every((field) => a[field].zh === b[field].zh && a[field].en === b[field].en);
}

/** The message of a rejected save or lock (the store rejects with an Error whose message explains). */
export function failureMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  return typeof error === 'string' && error.trim() ? error : String(error);
}
