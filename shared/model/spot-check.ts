/**
 * A spot-check (issue 11): a reproducible random sample of a data set's dialogues or turns,
 * reviewed by an expert to estimate how often the LLM's labels are wrong. The row keeps everything
 * needed to draw the same sample again (seed, unit, size, strata) and the items as drawn.
 */

/** What is sampled: whole dialogues, or single turns. */
export type SampleUnit = 'dialogue' | 'turn';

/** What the sample is stratified by: nothing, a dialogue attribute, or one field's LLM label. */
export type SampleStrata =
  | { kind: 'none' }
  | { kind: 'teacher-model' }
  | { kind: 'topic' }
  | { kind: 'student-type' }
  | { kind: 'llm-label'; fieldId: string };

/** One stratum of a drawn sample: its key, how many items the population and the sample have in it. */
export interface SampleStratum {
  key: string;
  population: number;
  sampled: number;
}

/** One item of a sample: a dialogue, or a turn of a dialogue, with the stratum it was drawn from. */
export interface SampleItem {
  dialogueId: string;
  /** absent when the unit is 'dialogue' */
  turnId?: string;
  stratum: string;
}

export interface SpotCheckRow {
  id: string;
  datasetId: string;
  /** the user's name for it; "Spot-check 1" by default */
  name: string;
  createdAt: string;
  seed: number;
  unit: SampleUnit;
  /** the share of the population asked for (0.2 = 20%), or absent when a fixed size was asked for */
  fraction?: number;
  /** the number of items asked for, when not a fraction */
  size?: number;
  strata: SampleStrata;
  /** the population each stratum had and what was drawn from it */
  strataCounts: SampleStratum[];
  /** the items drawn, in the order the review queue walks them */
  items: SampleItem[];
  /** which annotation layer's labels are checked: absent is the imported pre-annotation */
  suggestionLayerId?: string;
  /** the upper bound of the error rate below which a field passes (0.1 = 10%) */
  threshold: number;
  /** the queue position last opened, so a queue is resumed where it was left */
  position: number;
}
