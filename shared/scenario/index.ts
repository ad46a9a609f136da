export * from './types';
export { SCENARIO_SCHEMA, type JsonSchemaNode } from './schema';
export { checkSchema, type SchemaProblem } from './check-schema';
export { parseScenarioYaml, parseScenarioOrThrow, type ParseScenarioResult, type ScenarioProblem } from './parse-scenario';
export { decideNext, nextStep, roleMessages, assessmentMessages, checkStoredTurns, renderTranscript, rowValues, type FlowDecision, type FlowEnd, type FlowStep } from './flow';
export { expandTaskRows, scenarioConversations, scenarioHash, type ScenarioConversation } from './task-rows';
export { passAtK, summarisePassAtK, type PassAtKSummary } from './pass-at-k';
export { checkAnswer, finalNumber, type AnswerVerdict } from './answer-check';
export { promptVariables, fillPrompt } from './variables';
export * from './generation-job';
export { rowSidIds, sharedSidIdsText, sidIdPlan, type SharedSidIds, type SidIdPlan, type SidIds } from './sid-ids';
export { sidRecordOf, sidJsonlByTeacher, droppedConversations, GENERATION_PROVENANCE_KEY, GENERATION_PROVENANCE_VERSION, type DroppedConversation } from './sid-output';
export { learningCurves, learningCurvesCsv, LEARNING_CURVE_CSV_HEADER, NO_STUDENT_MODEL, type LearningCurve, type LearningCurveOptions, type LearningCurvePoint } from './learning-curve';
export { preferencePairs, preferenceTally, sftBranches, dpoJsonl, sftJsonl, preferenceDataCard, type PreferencePair, type PreferenceTally, type PreferenceCardInput } from './preference-export';
export { noPairReason, preferenceLeftOut, preferenceLeftOutText, type PreferenceLeftOut, type PreferenceLeftOutCode } from './preference-left-out';
export { findSafetyWords } from './safety-words';
export { chooseCandidate } from './preference-choice';
export { GENERATION_CACHE_KEY_VERSION, generationCacheKeyInput, type GenerationCacheKeyParts, type GenerationCallPurpose } from './generation-cache-key';
export {
  buildGenerationDefinition, generationParameterProblems, generationScenario, MAX_GENERATION_CONVERSATIONS, MAX_GENERATION_ROWS, MAX_PREFERENCE_CANDIDATES,
  MAX_SAFETY_WORDS, MAX_SCENARIO_SOURCE, requiredBoundRoles, rolesNeedingConnections, type GenerationDefinitionRequest,
} from './generation-problems';
export {
  isSizeProblem, MAX_ASSESSMENT_SAMPLES, MAX_SCENARIO_CONVERSATIONS, MAX_SCENARIO_TASK_ROWS, MAX_SCENARIO_TURNS, scenarioSize, scenarioSizeProblems, type ScenarioSize,
} from './scenario-size';
export { DEFAULT_ANSWER_TOKENS, generationCallBound, generationPlan, turnBudget, type ConnectionPlan, type GenerationPlan, type PlannedRole } from './run-plan';
