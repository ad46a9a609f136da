/**
 * The SID paper's seven objective indicators and TotalScore (its Table VIII; the project's
 * `shared/spec/sid-format.md` section 3), with the codes of the default codebook they read.
 */

export const METRIC_IDS = ['SD', 'SV', 'IKT', 'BP', 'SC', 'L3_GR', '3C'] as const;
export type MetricId = (typeof METRIC_IDS)[number];
/** The seven indicators and the weighted total: the columns of a result. */
export const SCORE_KEYS = [...METRIC_IDS, 'TotalScore'] as const;
export type ScoreKey = (typeof SCORE_KEYS)[number];

export type MetricWeights = Readonly<Record<MetricId, number>>;

/** The paper's weights: 0.15·SD + 0.10·SV + 0.15·IKT + 0.15·BP + 0.15·SC + 0.10·L3 GR + 0.20·3C. */
export const DEFAULT_WEIGHTS: MetricWeights = { SD: 0.15, SV: 0.1, IKT: 0.15, BP: 0.15, SC: 0.15, L3_GR: 0.1, '3C': 0.2 };

/**
 * 3C for a dialogue without an incorrect answer: `vacuous-one` scores it 1.0 (the convention
 * behind the paper's published numbers), `strict` leaves it out (3C and TotalScore null).
 */
export type ThreeCConvention = 'vacuous-one' | 'strict';

export const FIELDS = {
  strategy: 'teaching_strategy',
  transfer: 'discipline_transfer',
  bloom: 'cognitive_level',
  intent: 'teacher_intent',
  guidance: 'teacher_guidance_level',
  cognition: 'student_cognition_state',
} as const;

/** The fields the metrics read, in codebook order. */
export const METRIC_FIELDS: readonly string[] = [FIELDS.intent, FIELDS.strategy, FIELDS.transfer, FIELDS.cognition, FIELDS.guidance, FIELDS.bloom];

/** SV's denominator: the paper divides by 8 although the codebook lists 7 strategies. */
export const SV_DENOMINATOR = 8;
export const TRANSFER_YES = 'yes';
/** Bloom index remember = 1 … create = 6 */
export const BLOOM_ORDER: readonly string[] = ['remember', 'understand', 'apply', 'analyze', 'evaluate', 'create'];
export const BP_DENOMINATOR = 5;
/** The intents SC counts, of which a dialogue may use at most these four. */
export const SC_INTENTS: readonly string[] = ['introduce_concepts', 'guide_reasoning', 'trigger_transfer', 'summarize_elevate'];
export const L3 = 'L3';
export const INCORRECT_ANSWER = 'incorrect_answer';
/** A next student turn in one of these states makes an incorrect answer a success. */
export const RECOVERED_STATES: readonly string[] = ['clear_understanding', 'higher_order_thinking'];

/** Bilingual descriptions for views and tables: what each number counts (not a paper name). */
export const METRIC_NAMES: Record<ScoreKey, { zh: string; en: string; short: string }> = {
  SD: { short: 'SD', en: 'Teacher turns with a strategy', zh: '使用教学策略的教师话轮占比' },
  SV: { short: 'SV', en: 'Distinct strategies used, of 8', zh: '使用的不同策略数（÷8）' },
  IKT: { short: 'IKT', en: 'Teacher turns with discipline transfer', zh: '发生学科迁移的教师话轮占比' },
  BP: { short: 'BP', en: "Span of the students' Bloom levels, of 5", zh: '学生布鲁姆层级跨度（÷5）' },
  SC: { short: 'SC', en: 'Key intents used, of 4', zh: '覆盖的关键教学意图（÷4）' },
  L3_GR: { short: 'L3 GR', en: 'Teacher turns at guidance level L3', zh: 'L3 引导的教师话轮占比' },
  '3C': { short: '3C', en: 'Incorrect answers recovered', zh: '错误回答后被纠正的比例' },
  TotalScore: { short: 'TotalScore', en: 'Weighted total', zh: '加权总分' },
};
