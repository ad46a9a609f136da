import { fieldById } from '../codebook/lookup';
import type { Codebook } from '../codebook/types';
import type { AlignmentKind, FieldValues, ParsedTurn, SpeakerCode, UnalignedAnnotation } from '../model/dataset';
import { alignAnnotations } from './align';
import { annotationValues, cellText, mergeFieldValues } from './annotation-values';
import type { IssueSink } from './issues';
import { snippet, turnLabel } from './issues';
import { warnAboutLabels } from './label-warnings';
import { resolveSpeaker } from './speaker';
import { hasEndMarker } from './text-normalize';

/** A dialogue turn before its pre-annotation is attached. */
export interface DraftTurn {
  speaker: SpeakerCode;
  speakerRaw: string;
  utterance: string;
}

export interface AnnotateContext {
  codebook: Codebook;
  issues: IssueSink;
  /** line of the record, used for every issue about it */
  line: number;
}

/** higher = weaker evidence; a merged turn reports the weakest level of its fragments */
const LEVEL_RANK: Record<AlignmentKind, number> = { exact: 1, normalized: 2, containment: 3, mapped: 0, none: 0 };

function mergeFragments(codebook: Codebook, fragments: FieldValues[]): { pre: FieldValues; conflicts: number } {
  const pre: FieldValues = {};
  let conflicts = 0;
  for (const field of codebook.fields) {
    const values = fragments.map((fragment) => fragment[field.id]).filter((value) => value !== undefined);
    if (values.length === 0) continue;
    const merged = mergeFieldValues(field, values);
    pre[field.id] = merged.value;
    if (merged.conflict) conflicts++;
  }
  return { pre, conflicts };
}

function finishTurn(draft: DraftTurn, index: number, pre: FieldValues, alignment: AlignmentKind, fragments: number): ParsedTurn {
  return {
    index,
    speaker: draft.speaker,
    speakerRaw: draft.speakerRaw,
    utterance: draft.utterance,
    endMarker: hasEndMarker(draft.utterance),
    pre,
    alignment,
    fragments,
  };
}

/**
 * Attaches SID annotation entries to the turns they describe (align.ts), merges entries that
 * land on the same turn, and reports everything a reviewer must look at: unaligned entries,
 * merged fragments, conflicts and unknown labels.
 */
export function annotateTurns(
  drafts: readonly DraftTurn[],
  annotations: readonly Record<string, unknown>[],
  ctx: AnnotateContext,
): { turns: ParsedTurn[]; unaligned: UnalignedAnnotation[] } {
  const { codebook, issues, line } = ctx;
  const hasSpeakerField = fieldById(codebook, 'speaker') !== undefined;
  const sources = annotations.map((annotation) => ({
    utterance: typeof annotation.utterance === 'string' ? annotation.utterance : null,
    speaker: hasSpeakerField ? resolveSpeaker(codebook, cellText(annotation.speaker)) : null,
  }));
  const results = alignAnnotations(drafts, sources);

  const perTurn: { indices: number[]; level: AlignmentKind }[] = drafts.map(() => ({ indices: [], level: 'none' }));
  const unaligned: UnalignedAnnotation[] = [];
  results.forEach((result, i) => {
    if (result.level === null) {
      const text = sources[i].utterance ?? '';
      unaligned.push({ index: i, speakerRaw: cellText(annotations[i].speaker), utterance: text, raw: annotations[i] });
      const what = sources[i].utterance === null ? 'has no "utterance" text' : `("${snippet(text)}") matches no utterance in this dialogue`;
      issues.warn(line, 'unaligned-annotation', `Annotation ${i + 1} ${what}; it is kept aside as unaligned for review.`);
      return;
    }
    const slot = perTurn[result.turn];
    slot.indices.push(i);
    if (slot.level === 'none' || LEVEL_RANK[result.level] > LEVEL_RANK[slot.level]) slot.level = result.level;
  });

  const turns = drafts.map((draft, index) => {
    const { indices, level } = perTurn[index];
    if (indices.length === 0) return finishTurn(draft, index, {}, 'none', 0);
    const fragments = indices.map((i) => annotationValues(codebook, annotations[i]));
    if (indices.length > 1) {
      const list = indices.map((i) => i + 1).join(', ');
      issues.warn(line, 'merged-fragments', `${turnLabel(index, draft.speakerRaw)} received ${indices.length} annotation entries (${list}), probably one long utterance split by the annotator; their values were merged.`);
    }
    const { pre } = indices.length > 1 ? mergeFragments(codebook, fragments) : { pre: fragments[0] };
    const turn = finishTurn(draft, index, pre, level, indices.length);
    warnAboutLabels(codebook, turn, turnLabel(index, draft.speakerRaw), line, issues);
    return turn;
  });
  return { turns, unaligned };
}

