export { startLlmServer } from './server';
export type { ChatHandler, ChatRequest, LlmServerOptions, LlmTestServer, ResponseFormatType } from './server';
export { reply } from './scripts';
export type {
  AnswerScript,
  ChatScript,
  DelayScript,
  DropScript,
  FinishReason,
  HtmlPageScript,
  MalformedBodyScript,
  OversizedScript,
  SlowBodyScript,
  ModelListScript,
  ModelsScript,
  RateLimitOptions,
  StatusScript,
  UsageTokens,
} from './scripts';
export { countTokens, messageText, promptTokens, usageFor } from './bodies';
export type { ErrorBody } from './bodies';
export { RequestLog } from './request-log';
export type { LoggedRequest, ReplyRecord, RequestOutcome, StatusCause } from './request-log';
export type { ScriptTokenLogprob } from './scripts';
export { judgeAnswerValue, judgeReply, judgeTokens, scoresFor, type ScoreDistributions, type ScriptedScore } from './judge-scripts';
export { pairwiseJudge, pairwiseReply, shownDialogues, type PairwiseJudgeOptions, type ScriptedVerdict } from './pairwise-scripts';
export type { BatchScript } from './batch-api';
export { scenarioPlayer, scenarioRoleOf, type AssessmentContext, type ScenarioPlayerOptions, type ScenarioRole } from './scenario-scripts';
export { synthesisPlayer, synthesisRoleOf, type SynthesisPlayerOptions, type SynthesisRole } from './synthesis-scripts';
