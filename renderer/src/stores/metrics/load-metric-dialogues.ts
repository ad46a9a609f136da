/**
 * The dialogues of a data set on the layer a metrics run scores:
 * - `verified`: the dialogues the expert marked verified, with the expert's values where a field
 *   was reviewed and the imported values the expert saw elsewhere; the speaker as corrected;
 * - `llm`: every dialogue, on the LLM pre-annotation as imported;
 * - `layer`: the dialogues an attached annotation layer covers (at least one turn), on its values.
 * With scope `verified` the LLM and attached layers score only the verified dialogues too, so a
 * run on them compares with a verified run dialogue for dialogue.
 * The group is the teacher model as the reviewer corrected it, else as imported.
 */
import { metricTurnFromValues, metricTurnVerified, type MetricDialogue } from '../../../../shared/metrics';
import type { FieldValues, SpeakerCode } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../../db/db';
import type { MetricLayer, MetricScope } from '../../../../shared/model/metric-run';
import { countDialoguesOf } from '../../db/repositories/dialogues';
import { loadExportItems } from '../../db/repositories/export';
import { layerValues } from '../../db/repositories/layers';

export interface LoadedMetricDialogues {
  dialogues: MetricDialogue[];
  /** the stored dialogue id of each scored dialogue, aligned with `dialogues` */
  dialogueIds: string[];
  /** dialogues in the data set */
  total: number;
}

const SPEAKERS: ReadonlySet<string> = new Set<SpeakerCode>(['teacher', 'student', 'other']);

/** The scope a run actually uses: the verified layer only ever holds verified dialogues. */
export function effectiveScope(layer: MetricLayer, scope: MetricScope): MetricScope {
  return layer.kind === 'verified' ? 'verified' : scope;
}

export async function loadMetricDialogues(db: MaieuticDb, datasetId: string, layer: MetricLayer, scope: MetricScope = 'all'): Promise<LoadedMetricDialogues> {
  const items = await loadExportItems(db, { datasetId, scope: effectiveScope(layer, scope) });
  const total = await countDialoguesOf(db, datasetId);
  let valuesOf: Map<string, FieldValues> | null = null;
  if (layer.kind === 'layer') valuesOf = new Map((await layerValues(db, layer.layerId)).map((row) => [row.turnId, row.values]));
  const dialogues: MetricDialogue[] = [];
  const dialogueIds: string[] = [];
  for (const { dialogue, turns, fieldReviews, dialogueReview } of items) {
    if (valuesOf && !turns.some((turn) => valuesOf.has(turn.id))) continue;
    const reviewsOf = new Map<string, Map<string, readonly string[]>>();
    for (const review of fieldReviews) {
      let fields = reviewsOf.get(review.turnId);
      if (!fields) reviewsOf.set(review.turnId, (fields = new Map()));
      fields.set(review.fieldId, review.codes);
    }
    const metricTurns = turns.map((turn) => {
      if (layer.kind === 'llm') return metricTurnFromValues(turn.speaker, turn.pre);
      if (valuesOf) return metricTurnFromValues(turn.speaker, valuesOf.get(turn.id));
      const reviewed = reviewsOf.get(turn.id) ?? new Map<string, readonly string[]>();
      const corrected = reviewed.get('speaker')?.[0];
      const speaker = corrected !== undefined && SPEAKERS.has(corrected) ? (corrected as SpeakerCode) : turn.speaker;
      return metricTurnVerified(speaker, turn.pre, reviewed);
    });
    dialogues.push({ id: dialogue.externalId, group: dialogueReview?.teacherModel ?? dialogue.teacherModel, turns: metricTurns });
    dialogueIds.push(dialogue.id);
  }
  return { dialogues, dialogueIds, total };
}
