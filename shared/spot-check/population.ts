/**
 * The population a spot-check draws from, with each item's stratum. Kept apart from the drawing
 * so the app (Dexie rows) and tests build it the same way.
 */
import type { SampleStrata, SampleUnit } from '../model/spot-check';
import type { SampleCandidate } from './sampling';

/** What stratification reads of a dialogue. */
export interface PopulationDialogue {
  id: string;
  teacherModel: string;
  topicId: string | null;
  topicText: string;
  studentType: string;
  turns: readonly PopulationTurn[];
}

export interface PopulationTurn {
  id: string;
  index: number;
  /** the LLM's label codes for the stratifying field, or null when the field does not apply to the turn */
  labelCodes?: readonly string[] | null;
}

/** The stratum written for a value that is missing, so that it is still one stratum. */
export const NO_VALUE_STRATUM = '(none)';

/** The key of a label set: its codes sorted and joined with "+", or "(none)" when empty. */
export function labelStratum(codes: readonly string[]): string {
  return codes.length === 0 ? NO_VALUE_STRATUM : [...codes].sort().join('+');
}

function dialogueAttribute(dialogue: PopulationDialogue, strata: SampleStrata): string {
  if (strata.kind === 'teacher-model') return dialogue.teacherModel.trim() || NO_VALUE_STRATUM;
  if (strata.kind === 'topic') return dialogue.topicText.trim() || dialogue.topicId || NO_VALUE_STRATUM;
  if (strata.kind === 'student-type') return dialogue.studentType.trim() || NO_VALUE_STRATUM;
  return 'all';
}

/**
 * A dialogue's stratum by one field's LLM label is the label its applicable turns carry most
 * often (ties: the smaller key), "(none)" when no turn has one: a dialogue has many turns, a
 * stratum needs one key.
 */
function dialogueLabelStratum(dialogue: PopulationDialogue): string {
  const counts = new Map<string, number>();
  for (const turn of dialogue.turns) {
    if (turn.labelCodes === null || turn.labelCodes === undefined) continue;
    const key = labelStratum(turn.labelCodes);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best = NO_VALUE_STRATUM;
  let bestCount = 0;
  for (const [key, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (count > bestCount) [best, bestCount] = [key, count];
  }
  return best;
}

/**
 * Every dialogue (unit 'dialogue') or every turn (unit 'turn') with its stratum. Under llm-label
 * strata a turn sample draws only the turns the field applies to (the others have no LLM label
 * to check), each stratified by its own label.
 */
export function sampleCandidates(dialogues: readonly PopulationDialogue[], unit: SampleUnit, strata: SampleStrata): SampleCandidate[] {
  const candidates: SampleCandidate[] = [];
  for (const dialogue of dialogues) {
    if (unit === 'dialogue') {
      candidates.push({ dialogueId: dialogue.id, stratum: strata.kind === 'llm-label' ? dialogueLabelStratum(dialogue) : dialogueAttribute(dialogue, strata) });
      continue;
    }
    for (const turn of dialogue.turns) {
      if (strata.kind === 'llm-label') {
        if (turn.labelCodes === null || turn.labelCodes === undefined) continue;
        candidates.push({ dialogueId: dialogue.id, turn: { id: turn.id, index: turn.index }, stratum: labelStratum(turn.labelCodes) });
      } else candidates.push({ dialogueId: dialogue.id, turn: { id: turn.id, index: turn.index }, stratum: dialogueAttribute(dialogue, strata) });
    }
  }
  return candidates;
}
