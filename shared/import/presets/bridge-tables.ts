/**
 * Bridge (Wang et al., NAACL 2024) expert labels → SID codes. In every Bridge snippet the
 * student has just made a mistake; an expert labelled the error type (e), the remediation
 * strategy (z_what) and the intention (z_why). Labels not listed here (including the
 * free-text "other" answers) stay 'unknown' and are flagged, never guessed. The raw label is
 * always kept.
 */

/**
 * e → student_cognition_state. The answer is wrong in every snippet, so most error types are
 * incorrect_answer (错误回答), whatever their cause (guess, misinterpret, careless, diagnose =
 * "the tutor must first diagnose", right-idea = "right idea, wrong result"). Only imprecise,
 * an answer that is not wrong but loosely put, is vague_understanding (模糊理解). Mapping
 * right-idea to vague_understanding was rejected: it would hide a wrong answer from 3C.
 */
export const BRIDGE_ERROR_TO_COGNITION: Readonly<Record<string, string | null>> = {
  guess: 'incorrect_answer',
  misinterpret: 'incorrect_answer',
  careless: 'incorrect_answer',
  'right-idea': 'incorrect_answer',
  diagnose: 'incorrect_answer',
  imprecise: 'vague_understanding',
};

/**
 * z_what → teaching_strategy. Fits: provide_hint → provide_hints, simplify_question →
 * break_down_question, provide_correction and affirm_correct_answer → corrective_feedback
 * (正误反馈 covers saying what is right as well as what is wrong), encourage_student →
 * encourage_responses. Fair: ask_question → follow_up_questioning (the question follows the
 * student's answer), provide_strategy → provide_hints (a strategy is a strong hint),
 * provide_similar_problem → use_analogies (an analogous problem). Uncertain: provide_example
 * → use_analogies (an example is close to, not the same as, an analogy). Unmapped:
 * explain_concept (SID has no "explain" strategy), other.
 */
export const BRIDGE_STRATEGY_TO_SID: Readonly<Record<string, string | null>> = {
  ask_question: 'follow_up_questioning',
  provide_hint: 'provide_hints',
  provide_strategy: 'provide_hints',
  provide_example: 'use_analogies',
  provide_similar_problem: 'use_analogies',
  simplify_question: 'break_down_question',
  provide_correction: 'corrective_feedback',
  affirm_correct_answer: 'corrective_feedback',
  encourage_student: 'encourage_responses',
  explain_concept: null,
  other: null,
};

/**
 * z_why → teacher_intent. Fits: diagnose_mistake → check_understanding, support_thinking →
 * guide_reasoning. Fair: hint_mistake and elaborate_answer → guide_reasoning (both steer the
 * student's own reasoning). Uncertain: understand_topic and clarify_misunderstanding →
 * introduce_concepts (the tutor re-explains the concept). Unmapped, because SID's five
 * intents have no corrective or motivational intent: correct_mistake, explain_mistake,
 * motivate_student, signal_goal, other.
 */
export const BRIDGE_INTENT_TO_SID: Readonly<Record<string, string | null>> = {
  diagnose_mistake: 'check_understanding',
  support_thinking: 'guide_reasoning',
  hint_mistake: 'guide_reasoning',
  elaborate_answer: 'guide_reasoning',
  understand_topic: 'introduce_concepts',
  clarify_misunderstanding: 'introduce_concepts',
  correct_mistake: null,
  explain_mistake: null,
  motivate_student: null,
  signal_goal: null,
  other: null,
};
