import { DEFAULT_CODEBOOK, fieldById, normalizeValue } from '../../../../shared/codebook';
import type { Codebook } from '../../../../shared/codebook';
import type { SpeakerCode, Turn } from '../../../../shared/model/dataset';
import type { FieldReview } from '../../../../shared/model/review';

/** A hand-made turn: raw SID cells, normalised by the codebook as the importer would. */
export function turn(index: number, speaker: SpeakerCode, cells: Record<string, string>, codebook: Codebook = DEFAULT_CODEBOOK): Turn {
  const pre: Turn['pre'] = {};
  for (const [fieldId, raw] of Object.entries(cells)) pre[fieldId] = normalizeValue(fieldById(codebook, fieldId)!, raw);
  return { id: `d#${index}`, dialogueId: 'd', index, speaker, speakerRaw: speaker, utterance: `u${index}`, endMarker: false, pre, alignment: 'exact', fragments: 1 };
}

export function review(turnIndex: number, fieldId: string, codes: string[]): FieldReview {
  return { id: `d#${turnIndex}|${fieldId}`, turnId: `d#${turnIndex}`, dialogueId: 'd', fieldId, decision: 'changed', codes, text: null, reviewer: 'r', at: '2026-12-02T00:00:00Z' };
}
