import { random } from '../bench-math';

/**
 * The ratings CSV of the `peers` bench (and of the agreement fast-path tests): `item,rater,label,field`,
 * one row per rating, items × raters × fields in that nesting. Labels are the codebook's codes of
 * eight fields (single, boolean and ordinal fields, and the two set fields' codes taken as single
 * labels); a later rater keeps the first rater's label with probability `agreement`, and a
 * rating is missing (empty label) with probability `missing`. 100,000 items × 3 raters × 8
 * fields is about 70 MB, the size the issue measured.
 */
export const RATINGS_FIELDS: readonly { name: string; labels: readonly string[] }[] = [
  { name: 'intent', labels: ['introduce_concepts', 'check_understanding', 'guide_reasoning', 'trigger_transfer', 'summarize_elevate'] },
  { name: 'strategy', labels: ['follow_up_questioning', 'provide_hints', 'use_analogies', 'scenario_questioning', 'break_down_question', 'encourage_responses', 'corrective_feedback'] },
  { name: 'discipline', labels: ['physics', 'chemistry', 'biology', 'geography', 'history', 'mathematics', 'information_technology', 'chinese', 'art', 'engineering', 'technology'] },
  { name: 'transfer', labels: ['yes', 'no'] },
  { name: 'cognition', labels: ['clear_understanding', 'vague_understanding', 'expression_difficulty', 'irrelevant_response', 'incorrect_answer', 'higher_order_thinking'] },
  { name: 'guidance', labels: ['L1', 'L2', 'L3'] },
  { name: 'bloom', labels: ['remember', 'understand', 'apply', 'analyze', 'evaluate', 'create'] },
  { name: 'speaker', labels: ['teacher', 'student'] },
];

export interface RatingsCsvOptions {
  items: number;
  raters?: readonly string[];
  fields?: readonly { name: string; labels: readonly string[] }[];
  seed?: number;
  agreement?: number;
  missing?: number;
}

export function generateRatingsCsv(options: RatingsCsvOptions): string {
  const { items, raters = ['r1', 'r2', 'r3'], fields = RATINGS_FIELDS, seed = 9, agreement = 0.7, missing = 0.02 } = options;
  const next = random(seed);
  const parts: string[] = ['item,rater,label,field\n'];
  for (let item = 0; item < items; item++) {
    const name = `item${item + 1}`;
    for (const field of fields) {
      const first = field.labels[Math.floor(next() * field.labels.length)];
      for (let rater = 0; rater < raters.length; rater++) {
        const drawn = rater === 0 || next() < agreement ? first : field.labels[Math.floor(next() * field.labels.length)];
        const label = next() < missing ? '' : drawn;
        parts.push(`${name},${raters[rater]},${label},${field.name}\n`);
      }
    }
  }
  return parts.join('');
}
