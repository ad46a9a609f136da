export * from './types';
export { defaultThresholds, metricDiagnostics } from './diagnostics';
export { anchorDrift, compareAnchorScores } from './drift';
export { expertEdit, revisionDiff, revisionProblems } from './revision';
export { afterRound, bestRound, compareObjectives, metricsToRevise, roundObjective, type ContinueReason, type LoopDecision, type StopReason } from './loop';
export { metricsToRubricSet, roundRubricVersion } from './to-rubric-set';
export { DEFAULT_STOPPING, parseSynthesisSpec, WEIGHT_SUM_TOLERANCE, type ParseSpecResult, type SpecProblem } from './parse-spec';
export { MAX_ANCHORS, MAX_DIMENSIONS, MAX_METRICS, MAX_SYNTHESIS_ROUNDS, MAX_TEST_ITEMS, SYNTHESIS_SPEC_SCHEMA } from './spec-schema';
export { DRAFT_PROMPT, REVISE_PROMPT, SYNTHESIS_PROMPT_VERSION, TEST_ITEM_PROMPT, type PromptPair } from './prompt-text';
export {
  draftAnswerSchema, draftMessages, readDraftAnswer, readRevisionAnswer, readTestItemsAnswer, reviseMessages, revisionAnswerSchema, testItemMessages,
  testItemsAnswerSchema, type Read,
} from './prompts';
export * from './synthesis-job';
export { hasUnscoredEdits, nextCarried, resultRubricSet, rolledBack, workingAfterRound, type WorkingMetrics } from './session';
