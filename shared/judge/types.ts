/**
 * Rubric sets are data (resources/rubrics/*.json or a user's file), never code: the five SID
 * rubrics by default, or a custom set with the Elmes+ structure (a parent dimension, a weight,
 * anchored scores, positive and negative examples per rubric). These types describe that JSON
 * after parseRubricSet has checked it.
 */
import type { BilingualText } from '../codebook/types';

export type { BilingualText };

/** The language a judge prompt is written in. */
export type JudgeLanguage = 'zh' | 'en';

/** What a judge may answer: every integer from `min` to `max` (the SID rubrics: 1 to 5). */
export interface ScoreRange {
  min: number;
  max: number;
}

export const DEFAULT_SCORE_RANGE: Readonly<ScoreRange> = { min: 1, max: 5 };

/** What one score on a rubric means (Prometheus' score1…score5 descriptions). */
export interface ScoreAnchor {
  score: number;
  description: BilingualText;
}

export interface Rubric {
  /** the key a judge answers under (`X-SRG`); ASCII letters, digits, `-` and `_` */
  id: string;
  name: BilingualText;
  /** the first-level indicator this rubric belongs to (Elmes+: dimension → indicator) */
  dimension: BilingualText;
  /** its share of the overall score, before normalisation (see overall.ts); ≥ 0 */
  weight: number;
  definition: BilingualText;
  range: ScoreRange;
  /** in ascending score order, each score of the range at most once */
  anchors: ScoreAnchor[];
  /** short excerpts that show the rubric met (ELMES' positive examples) */
  positiveExamples: BilingualText[];
  /** and missed */
  negativeExamples: BilingualText[];
}

/**
 * An expert-scored dialogue attached to a rubric set as a few-shot anchor (Elmes+: judges given
 * expert-scored examples align better with experts). It is part of the set's content, so the
 * hash changes when anchors are attached and every result says which anchors it was scored with;
 * the `judge` CLI and the app send them the same way. Its scores cover every rubric once.
 */
export interface ExpertExample {
  /** where it came from, for people (`<teacher model> · <topic_id>-<student_id>-<repeat_id>`); never sent to the judge */
  label: string;
  /**
   * the dialogue it is (`<topic_id>-<student_id>-<repeat_id>` and teacher model, as results name
   * dialogues); never sent to the judge. Calibration leaves it out: a judge shown an expert's
   * scores of a dialogue would agree with them on that dialogue for free.
   */
  source?: { dialogue: string; group: string };
  context?: { topic?: string; studentType?: string; scenario?: string };
  turns: { speaker: 'teacher' | 'student' | 'other'; utterance: string }[];
  scores: { rubric: string; score: number; rationale?: string }[];
}

export interface RubricSet {
  id: string;
  version: string;
  name: BilingualText;
  description: BilingualText;
  /** in the order a prompt lists them and a report shows them; ids unique */
  rubrics: Rubric[];
  /** few-shot anchors shown to the judge before the dialogue to score; absent = none */
  expertExamples?: ExpertExample[];
}

/** A rubric set as results point at it: its id, version and content hash (rubricSetHash). */
export interface RubricSetRef {
  id: string;
  version: string;
  hash: string;
}

/** One rubric's score as a judge gave it (after checkJudgeAnswer). */
export interface RubricScore {
  rubric: string;
  score: number;
  rationale: string;
}
