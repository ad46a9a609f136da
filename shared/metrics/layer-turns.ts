/**
 * The scored layer's turns in the shape the metrics read (MetricTurn), from the values the
 * importer produced (the LLM pre-annotation, an attached layer, a SID file's annotations) or
 * from the expert's reviews over them.
 *
 * A value's known codes count (for a label-set field whose fragments disagree, the union the
 * importer kept); each part the codebook did not know counts as one unknown label, and so does a
 * one-label field whose fragments disagree (a conflict keeps no code).
 */
import type { FieldValue, FieldValues, SpeakerCode } from '../model/dataset';
import { METRIC_FIELDS } from './definitions';
import type { MetricTurn } from './dialogue-metrics';

function unknownParts(value: FieldValue | undefined): number {
  if (!value) return 0;
  const conflictWithoutCodes = value.status === 'conflict' && value.codes.length === 0 && value.unknown.length === 0 ? 1 : 0;
  return value.unknown.length + conflictWithoutCodes;
}

/** A turn scored on imported values (`values` undefined: the layer has nothing for this turn). */
export function metricTurnFromValues(speaker: SpeakerCode, values: FieldValues | undefined): MetricTurn {
  const codes: Record<string, readonly string[]> = {};
  let unknownLabels = 0;
  for (const field of METRIC_FIELDS) {
    const value = values?.[field];
    if (!value) continue;
    codes[field] = value.codes;
    unknownLabels += unknownParts(value);
  }
  return { speaker, codes, unknownLabels };
}

/**
 * A turn of the verified layer: the expert's codes for the fields they reviewed (whatever the
 * decision; an unsure review holds the expert's best guess, as the export writes it), the
 * imported values elsewhere; the speaker as the expert corrected it.
 */
export function metricTurnVerified(speaker: SpeakerCode, values: FieldValues | undefined, reviewed: ReadonlyMap<string, readonly string[]>): MetricTurn {
  const imported = metricTurnFromValues(speaker, values);
  const codes: Record<string, readonly string[]> = { ...imported.codes };
  let unknownLabels = 0;
  for (const field of METRIC_FIELDS) {
    const expert = reviewed.get(field);
    if (expert !== undefined) codes[field] = expert;
    else unknownLabels += unknownParts(values?.[field]);
  }
  return { speaker, codes, unknownLabels };
}
