/**
 * Per-field results of a spot-check: on every sampled turn the expert reviewed, does the LLM's
 * label equal the expert's? Label-set fields are also judged per code (`field=code`, as the
 * `agreement` command names them). What counts:
 * - only fields the expert reviewed on the turn (a field review exists, whatever its decision);
 *   an 'unsure' review counts with the expert's best guess as the expert value;
 * - only fields that apply to the turn's speaker (as the expert corrected it);
 * - the transcript (speaker, utterance) and free-text fields are not LLM labels and are left out.
 * An LLM value the codebook did not recognise (kept raw) never equals an expert's codes. A turn
 * where the checked layer has no value for the field (absent; for a one-label field also empty)
 * is "no LLM value": counted apart (`noLlmValue`), never as an error and never in n.
 */
import type { Codebook, FieldDef } from '../codebook/types';
import { TRANSCRIPT_FIELD_IDS } from '../export/value-status';
import { stratifiedErrorRate, type StratifiedEstimate } from './stratified';
import { reviewsNeeded, verdictOf, type Verdict } from './verdict';
import { wilsonInterval } from './wilson';

/** One field of one sampled turn as checked. */
export interface CheckedValue {
  fieldId: string;
  stratum: string;
  /** the LLM's codes and the parts of its value that matched no label; null when the checked layer has no value here */
  llm: { codes: readonly string[]; unknown?: readonly string[] } | null;
  /** the expert's reviewed codes */
  expert: readonly string[];
}

export interface FieldResult {
  /** `teacher_intent`, a whole set `teaching_strategy`, or one code of a set `teaching_strategy=guide_reasoning` */
  field: string;
  fieldId: string;
  /** the label code for a per-code row */
  code?: string;
  /** reviewed values with an LLM value: what the rate counts */
  n: number;
  errors: number;
  /** reviewed values where the checked layer has no value: neither right nor wrong, so outside n */
  noLlmValue: number;
  rate: number | null;
  low: number;
  high: number;
  /** the whole data set's error rate, stratum-weighted (the sample's own rate without strata) */
  estimate: StratifiedEstimate;
  verdict: Verdict;
  /** n0: the reviewed values from which on every field gets a pass or a fail (verdict.ts) */
  needed: number;
}

/** The fields a spot-check judges: every label field of the codebook but the transcript. */
export function checkedFields(codebook: Codebook): FieldDef[] {
  return codebook.fields.filter((field) => field.type !== 'text' && !TRANSCRIPT_FIELD_IDS.has(field.id));
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((code) => right.has(code));
};

function llmParts(llm: NonNullable<CheckedValue['llm']>): string[] {
  return [...llm.codes, ...(llm.unknown ?? []).map((part) => `\u0000${part}`)];
}

interface Tally {
  n: number;
  errors: number;
  noLlmValue: number;
  byStratum: Map<string, { n: number; errors: number }>;
}

const emptyTally = (noLlmValue: number): Tally => ({ n: 0, errors: 0, noLlmValue, byStratum: new Map() });

function count(tally: Tally, stratum: string, wrong: boolean): void {
  tally.n++;
  if (wrong) tally.errors++;
  const entry = tally.byStratum.get(stratum) ?? { n: 0, errors: 0 };
  entry.n++;
  if (wrong) entry.errors++;
  tally.byStratum.set(stratum, entry);
}

function result(field: string, fieldId: string, code: string | undefined, tally: Tally, strataPopulation: ReadonlyMap<string, number>, threshold: number, needed: number): FieldResult {
  const interval = wilsonInterval(tally.errors, tally.n);
  const observations = [...tally.byStratum].map(([key, entry]) => ({ key, population: strataPopulation.get(key) ?? 0, ...entry }));
  // without strata (or strata the counts do not know) the estimate is the sample's own rate
  const estimate = strataPopulation.size > 1 ? stratifiedErrorRate(observations) : { ...interval, effectiveN: tally.n };
  return {
    field,
    fieldId,
    ...(code !== undefined ? { code } : {}),
    n: tally.n,
    errors: tally.errors,
    noLlmValue: tally.noLlmValue,
    ...interval,
    estimate,
    verdict: verdictOf(interval, tally.n, threshold, needed),
    needed,
  };
}

/**
 * One row per checked field (codebook order), and for a label-set field one more row per code
 * that the LLM or the expert used on a reviewed turn (codebook order, then unknown codes): the
 * code is wrong on a turn when the LLM and the expert disagree on whether it is there; a turn with
 * no LLM value is left out of every row of its field and counted in each row's `noLlmValue`.
 * `strataPopulation` is each stratum's population (SampleStratum.population) for the estimate.
 */
export function fieldResults(codebook: Codebook, values: readonly CheckedValue[], options: { threshold: number; strataPopulation?: ReadonlyMap<string, number> }): FieldResult[] {
  const population = options.strataPopulation ?? new Map<string, number>();
  const needed = reviewsNeeded(options.threshold);
  const rows: FieldResult[] = [];
  for (const field of checkedFields(codebook)) {
    const own = values.filter((value) => value.fieldId === field.id);
    const rated = own.flatMap((value) => (value.llm === null ? [] : [{ ...value, llm: value.llm }]));
    const noLlmValue = own.length - rated.length;
    const whole = emptyTally(noLlmValue);
    for (const value of rated) count(whole, value.stratum, !sameSet(llmParts(value.llm), value.expert));
    rows.push(result(field.id, field.id, undefined, whole, population, options.threshold, needed));
    if (field.type !== 'set') continue;
    const used = new Set<string>();
    for (const value of own) for (const code of [...(value.llm?.codes ?? []), ...value.expert]) used.add(code);
    const order = field.labels.map((label) => label.code);
    const codes = [...order.filter((code) => used.has(code)), ...[...used].filter((code) => !order.includes(code)).sort()];
    for (const code of codes) {
      const tally = emptyTally(noLlmValue);
      for (const value of rated) count(tally, value.stratum, value.llm.codes.includes(code) !== value.expert.includes(code));
      rows.push(result(`${field.id}=${code}`, field.id, code, tally, population, options.threshold, needed));
    }
  }
  return rows;
}
