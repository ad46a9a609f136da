/**
 * The seven indicators of one dialogue, from the labels of the scored layer (sid-format.md §3).
 *
 * Counting rules (they change the numbers, so they are fixed here):
 * - T are the teacher turns, S the student turns (other speakers count for nothing); the speaker
 *   is the scored layer's (the expert's correction in the verified layer).
 * - A label counts only as a known code of the codebook. A value the codebook does not know
 *   (`理解` given as a strategy, an intent used as a strategy) adds nothing and is counted in
 *   `unknownLabels`, so the number of dialogues it touched can be shown; it is never coerced.
 * - Label-set cells are split into codes before counting (a turn with two strategies counts once
 *   for SD and adds both codes to SV's distinct set).
 * - A ratio whose denominator is 0 is 0 (no teacher turn: SD = IKT = L3 GR = 0; fewer than one
 *   rated student turn: BP = 0), except 3C: no incorrect answer is "vacuous" and scored by the
 *   chosen convention (1.0, or left out under `strict`).
 * - 3C: an error is a student turn in state incorrect_answer; it is a success when the NEXT
 *   student turn (the following student turn, whatever lies between) is clear_understanding or
 *   higher_order_thinking. The last student turn's error has no next turn: not a success.
 *   A next student turn without a known state is not a success either.
 * - BP uses the Bloom levels of student turns only, remember = 1 … create = 6.
 */
import type { SpeakerCode } from '../model/dataset';
import {
  BLOOM_ORDER,
  BP_DENOMINATOR,
  FIELDS,
  INCORRECT_ANSWER,
  L3,
  METRIC_FIELDS,
  METRIC_IDS,
  RECOVERED_STATES,
  SC_INTENTS,
  SV_DENOMINATOR,
  TRANSFER_YES,
  type MetricId,
  type MetricWeights,
  type ThreeCConvention,
} from './definitions';

/** One turn of the scored layer. */
export interface MetricTurn {
  speaker: SpeakerCode;
  /** known label codes per field id (absent or empty: no label) */
  codes: Readonly<Record<string, readonly string[]>>;
  /** label values in the metric fields the codebook did not know (or fragments that conflict) */
  unknownLabels?: number;
}

export interface MetricDialogue {
  id: string;
  group: string;
  turns: readonly MetricTurn[];
}

export interface DialogueCounts {
  /** every turn of the dialogue, whoever speaks */
  turns: number;
  teacherTurns: number;
  studentTurns: number;
  /** teacher turns with at least one strategy */
  withStrategy: number;
  /** distinct strategy codes, in order of first use */
  strategies: string[];
  /** teacher turns with discipline transfer = yes */
  transfer: number;
  /** student turns with a known Bloom level; min and max index (1…6), null without any */
  bloomRated: number;
  bloomMin: number | null;
  bloomMax: number | null;
  /** SC's intents used, in order of first use */
  intents: string[];
  /** teacher turns at guidance L3 */
  l3: number;
  errors: number;
  successes: number;
  unknownLabels: number;
  /** known codes met in the fields the metrics read, over all turns (0: nothing to score) */
  labels: number;
}

export interface DialogueScore {
  id: string;
  group: string;
  /** each indicator as a fraction in [0, 1]; 3C null for a vacuous dialogue under `strict` */
  values: Record<MetricId, number | null>;
  /** the weighted total; null when 3C is null */
  totalScore: number | null;
  /** true when the dialogue has no incorrect answer (3C by convention) */
  vacuous3C: boolean;
  counts: DialogueCounts;
  /** per indicator, the 0-based turn positions that count toward it (for highlighting in review) */
  turnsOf: Record<MetricId, number[]>;
}

export interface ScoreOptions {
  weights: MetricWeights;
  threeC: ThreeCConvention;
}

const ratio = (count: number, total: number) => (total === 0 ? 0 : count / total);

const NO_CODES: readonly string[] = [];
/** A turn's known codes in `field`; none when the field is absent. */
const codesOf = (turn: MetricTurn, field: string): readonly string[] => turn.codes[field] ?? NO_CODES;

export function scoreDialogue(dialogue: MetricDialogue, options: ScoreOptions): DialogueScore {
  const turnsOf: Record<MetricId, number[]> = { SD: [], SV: [], IKT: [], BP: [], SC: [], L3_GR: [], '3C': [] };
  const counts: DialogueCounts = {
    turns: dialogue.turns.length,
    teacherTurns: 0,
    studentTurns: 0,
    withStrategy: 0,
    strategies: [],
    transfer: 0,
    bloomRated: 0,
    bloomMin: null,
    bloomMax: null,
    intents: [],
    l3: 0,
    errors: 0,
    successes: 0,
    unknownLabels: 0,
    labels: 0,
  };
  const turns = dialogue.turns;
  // the state carried from student turn to student turn: the open incorrect answer, Bloom's extremes
  const carried: StudentCarry = { pendingError: -1, bloomMinTurn: -1, bloomMaxTurn: -1 };
  for (let position = 0; position < turns.length; position++) {
    const turn = turns[position];
    counts.unknownLabels += turn.unknownLabels ?? 0;
    for (const field of METRIC_FIELDS) counts.labels += turn.codes[field]?.length ?? 0;
    if (turn.speaker === 'teacher') countTeacherTurn(turn, position, counts, turnsOf);
    else if (turn.speaker === 'student') countStudentTurn(turn, position, counts, turnsOf, carried);
  }
  const { bloomMinTurn, bloomMaxTurn } = carried;
  if (counts.bloomRated > 0 && counts.bloomMax !== counts.bloomMin) turnsOf.BP.push(...new Set([bloomMinTurn, bloomMaxTurn].sort((a, b) => a - b)));
  const vacuous3C = counts.errors === 0;
  const threeC = vacuous3C ? (options.threeC === 'strict' ? null : 1) : counts.successes / counts.errors;
  const values: Record<MetricId, number | null> = {
    SD: ratio(counts.withStrategy, counts.teacherTurns),
    SV: counts.strategies.length / SV_DENOMINATOR,
    IKT: ratio(counts.transfer, counts.teacherTurns),
    BP: counts.bloomMin === null || counts.bloomMax === null ? 0 : (counts.bloomMax - counts.bloomMin) / BP_DENOMINATOR,
    SC: counts.intents.length / SC_INTENTS.length,
    L3_GR: ratio(counts.l3, counts.teacherTurns),
    '3C': threeC,
  };
  return { id: dialogue.id, group: dialogue.group, values, totalScore: totalScore(values, options.weights), vacuous3C, counts, turnsOf };
}

interface StudentCarry {
  /** the position of an incorrect answer still waiting for the next student turn */
  pendingError: number;
  bloomMinTurn: number;
  bloomMaxTurn: number;
}

// The two kinds of turn are counted in functions of their own: small functions are optimised
// early in a run (scoring 20,000 dialogues once is all a command-line run does).

function countTeacherTurn(turn: MetricTurn, position: number, counts: DialogueCounts, turnsOf: Record<MetricId, number[]>): void {
  counts.teacherTurns++;
  const strategies = codesOf(turn, FIELDS.strategy);
  if (strategies.length > 0) {
    counts.withStrategy++;
    turnsOf.SD.push(position);
    turnsOf.SV.push(position);
    for (const strategy of strategies) if (!counts.strategies.includes(strategy)) counts.strategies.push(strategy);
  }
  if (codesOf(turn, FIELDS.transfer).includes(TRANSFER_YES)) {
    counts.transfer++;
    turnsOf.IKT.push(position);
  }
  let countsForSc = false;
  for (const intent of codesOf(turn, FIELDS.intent)) {
    if (!SC_INTENTS.includes(intent)) continue;
    countsForSc = true;
    if (!counts.intents.includes(intent)) counts.intents.push(intent);
  }
  if (countsForSc) turnsOf.SC.push(position);
  if (codesOf(turn, FIELDS.guidance).includes(L3)) {
    counts.l3++;
    turnsOf.L3_GR.push(position);
  }
}

function countStudentTurn(turn: MetricTurn, position: number, counts: DialogueCounts, turnsOf: Record<MetricId, number[]>, carried: StudentCarry): void {
  counts.studentTurns++;
  // the turn's lowest and highest known Bloom level (1…6), 0 when it has none
  let low = 0;
  let high = 0;
  for (const level of codesOf(turn, FIELDS.bloom)) {
    const rank = BLOOM_ORDER.indexOf(level) + 1;
    if (rank === 0) continue;
    if (low === 0 || rank < low) low = rank;
    if (rank > high) high = rank;
  }
  if (high > 0) {
    counts.bloomRated++;
    if (counts.bloomMin === null || low < counts.bloomMin) {
      counts.bloomMin = low;
      carried.bloomMinTurn = position;
    }
    if (counts.bloomMax === null || high > counts.bloomMax) {
      counts.bloomMax = high;
      carried.bloomMaxTurn = position;
    }
  }
  const states = codesOf(turn, FIELDS.cognition);
  if (carried.pendingError >= 0) {
    if (states.some((state) => RECOVERED_STATES.includes(state))) {
      counts.successes++;
      turnsOf['3C'].push(position);
    }
    carried.pendingError = -1;
  }
  if (states.includes(INCORRECT_ANSWER)) {
    counts.errors++;
    turnsOf['3C'].push(position);
    carried.pendingError = position;
  }
}

/** Σ weight × value; null when any indicator is null (3C left out under `strict`). */
export function totalScore(values: Readonly<Record<MetricId, number | null>>, weights: MetricWeights): number | null {
  let total = 0;
  for (const id of METRIC_IDS) {
    const value = values[id];
    if (value === null) return null;
    total += weights[id] * value;
  }
  return total;
}
