/**
 * From what a data set holds (SpotCheckData) to what shared/spot-check reads: the population to
 * draw from, the sampled turns to check, and the turns a full review of one field walks.
 */
import { fieldAppliesTo, fieldById } from '../../../../shared/codebook/lookup';
import type { Codebook } from '../../../../shared/codebook/types';
import { effectiveSpeaker } from '../../../../shared/export/value-status';
import type { FieldValues, Turn } from '../../../../shared/model/dataset';
import type { SampleItem, SampleStrata, SpotCheckRow } from '../../../../shared/model/spot-check';
import type { PopulationDialogue, TurnToCheck } from '../../../../shared/spot-check';
import type { SpotCheckData } from '../../db/repositories/spot-checks';

/** The LLM's values of a turn: the checked layer's, or the imported pre-annotation. */
export function llmValuesOf(data: SpotCheckData, turn: Turn): FieldValues {
  return data.layer ? (data.layer.get(turn.id) ?? {}) : turn.pre;
}

export function populationOf(data: SpotCheckData, strata: SampleStrata, codebook: Codebook): PopulationDialogue[] {
  const field = strata.kind === 'llm-label' ? fieldById(codebook, strata.fieldId) : undefined;
  return data.dialogues.map((dialogue) => ({
    id: dialogue.id,
    teacherModel: dialogue.teacherModel,
    topicId: dialogue.topicId,
    topicText: dialogue.topicText,
    studentType: dialogue.studentType,
    turns: (data.turns.get(dialogue.id) ?? []).map((turn) => ({
      id: turn.id,
      index: turn.index,
      labelCodes: field ? (fieldAppliesTo(field, effectiveSpeaker(turn, data.reviews)) ? (llmValuesOf(data, turn)[field.id]?.codes ?? []) : null) : undefined,
    })),
  }));
}

/** The turns of one sample item: the turn drawn, or every turn of the dialogue drawn. */
export function turnsOfItem(data: SpotCheckData, item: SampleItem): Turn[] {
  const turns = data.turns.get(item.dialogueId) ?? [];
  return item.turnId === undefined ? turns : turns.filter((turn) => turn.id === item.turnId);
}

/**
 * Every sampled turn, once, with the LLM's values and the expert's reviewed codes (an unsure
 * review: the best guess). A turn an item names again (a sample row listing a dialogue twice, as
 * a hand-edited project file may) is taken once: no reviewed value counts twice.
 */
export function turnsToCheck(data: SpotCheckData, row: Pick<SpotCheckRow, 'items'>, codebook: Codebook): TurnToCheck[] {
  const checks: TurnToCheck[] = [];
  const taken = new Set<string>();
  const teacherModels = new Map(data.dialogues.map((dialogue) => [dialogue.id, dialogue.teacherModel]));
  for (const item of row.items) {
    for (const turn of turnsOfItem(data, item)) {
      if (taken.has(turn.id)) continue;
      taken.add(turn.id);
      const expert = new Map<string, readonly string[]>();
      for (const field of codebook.fields) {
        const review = data.reviews.get(`${turn.id}|${field.id}`);
        if (review) expert.set(field.id, review.codes);
      }
      checks.push({
        dialogueId: turn.dialogueId,
        teacherModel: teacherModels.get(turn.dialogueId) ?? '',
        turnIndex: turn.index,
        stratum: item.stratum,
        speaker: effectiveSpeaker(turn, data.reviews),
        llm: llmValuesOf(data, turn),
        expert,
      });
    }
  }
  return checks;
}

/** One stop of a review queue: a dialogue, and the turn to focus in it. */
export interface QueueStop {
  dialogueId: string;
  turnIndex: number | null;
}

export function sampleStops(row: Pick<SpotCheckRow, 'items'>): QueueStop[] {
  return row.items.map((item) => ({ dialogueId: item.dialogueId, turnIndex: item.turnId === undefined ? null : Number(item.turnId.slice(item.turnId.lastIndexOf('#') + 1)) }));
}

/**
 * A full review of one field: every dialogue of the data set (source order) holding an LLM value
 * of that field no expert has reviewed yet, each opened at the first such turn. What an expert
 * expects after a failing spot-check: the rest of that field's labels, nothing already done.
 */
export function fullReviewStops(data: SpotCheckData, fieldId: string, codebook: Codebook): QueueStop[] {
  const field = fieldById(codebook, fieldId);
  if (!field) return [];
  const stops: QueueStop[] = [];
  for (const dialogue of data.dialogues) {
    const turn = (data.turns.get(dialogue.id) ?? []).find((candidate) => {
      if (data.reviews.has(`${candidate.id}|${field.id}`) || !fieldAppliesTo(field, effectiveSpeaker(candidate, data.reviews))) return false;
      const value = llmValuesOf(data, candidate)[field.id];
      return value !== undefined && value.raw.trim() !== '';
    });
    if (turn) stops.push({ dialogueId: dialogue.id, turnIndex: turn.index });
  }
  return stops;
}
