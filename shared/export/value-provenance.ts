import type { AdjudicationRow, AdjudicationStatus } from '../model/adjudication';
import type { LayerKind } from '../model/layer';
import type { FieldReview } from '../model/review';

/**
 * Where one exported value came from (provenance version 4): the layer it was taken from or
 * decided against, who decided it, whether it is the adjudicated value, and the codebook version
 * its codes belong to. Both exporters write the same figures: SID JSONL under
 * `maieutic.turns[].sources`, the long CSV as its last columns.
 */

/** The codebook version the export's codes belong to. */
export interface ExportCodebookVersion {
  id: string;
  /** the codebook's own version string */
  version: string;
  /** the data set's recorded codebook hash when it has one, else codebookVersionHash of the codebook in use */
  hash: string;
}

/**
 * - `pre-annotation`: the imported pre-annotation (unreviewed, or reviewed against it);
 * - `suggestion`: an LLM layer the expert chose as the suggestion in review;
 * - `attached`: a human annotator's attached layer the expert chose as the suggestion;
 * - `adjudicated`: the adjudicated layer's decided value (written with the adjudicated option).
 */
export type ValueSourceRole = 'pre-annotation' | 'suggestion' | 'attached' | 'adjudicated';

export interface ValueProvenance {
  layer: { role: ValueSourceRole; id: string; name: string };
  /** who decided the value: the expert reviewer, the adjudicator; null for an unreviewed value */
  annotator: { id: string | null; name: string } | null;
  /** the written value is the adjudicated layer's */
  adjudicated: boolean;
  /** the field's adjudication record, when the export was given the records; null without one */
  adjudicationStatus: AdjudicationStatus | null;
}

/** What the exporters need to name layers and annotators; ids the context does not know are written as their ids. */
export interface ProvenanceContext {
  codebook: ExportCodebookVersion;
  /** attached layers of the data set by id */
  layers: Readonly<Record<string, { name: string; kind: LayerKind }>>;
  /** annotator id → name */
  annotators: Readonly<Record<string, string>>;
  /** the adjudicated layer (kind 'adjudicated') of the data set, when it has one */
  adjudicatedLayer?: { id: string; name: string } | null;
}

/** The id and name the imported pre-annotation is written with (it has no layer row). */
export const PRE_ANNOTATION_LAYER = { id: 'pre', name: 'LLM pre-annotation' } as const;
/** The adjudicated layer's id and name when the data set has no layer row for it yet. */
export const ADJUDICATED_LAYER = { id: 'adjudicated', name: 'Adjudicated' } as const;

export interface ValueProvenanceInput {
  review: FieldReview | undefined;
  /** the field's adjudication record, if the export was given them */
  adjudication: AdjudicationRow | undefined;
  /** the value written is the adjudication record's */
  fromAdjudication: boolean;
}

export function valueProvenance({ review, adjudication, fromAdjudication }: ValueProvenanceInput, context: ProvenanceContext | undefined): ValueProvenance {
  const annotatorNames = context?.annotators ?? {};
  const adjudicationStatus = adjudication?.status ?? null;
  if (fromAdjudication && adjudication) {
    const layer = context?.adjudicatedLayer ?? ADJUDICATED_LAYER;
    const id = adjudication.decidedBy ?? null;
    return {
      layer: { role: 'adjudicated', id: layer.id, name: layer.name },
      annotator: id === null ? null : { id, name: annotatorNames[id] ?? id },
      adjudicated: true,
      adjudicationStatus,
    };
  }
  if (!review) return { layer: { role: 'pre-annotation', ...PRE_ANNOTATION_LAYER }, annotator: null, adjudicated: false, adjudicationStatus };
  const annotator = { id: review.annotatorId ?? null, name: (review.annotatorId ? annotatorNames[review.annotatorId] : undefined) ?? review.reviewer };
  if (!review.suggestionLayerId) return { layer: { role: 'pre-annotation', ...PRE_ANNOTATION_LAYER }, annotator, adjudicated: false, adjudicationStatus };
  const known = context?.layers[review.suggestionLayerId];
  const role: ValueSourceRole = known?.kind === 'human' ? 'attached' : known?.kind === 'adjudicated' ? 'adjudicated' : 'suggestion';
  return { layer: { role, id: review.suggestionLayerId, name: known?.name ?? review.suggestionLayerId }, annotator, adjudicated: false, adjudicationStatus };
}
