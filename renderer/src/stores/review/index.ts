export { createReviewStore, reviewStore, useReviewStore } from './store';
export type { ReviewStore } from './store';
export type { EditStep, FieldEditRequest, FlushResult, ReviewDeps, ReviewNotice, ReviewState, SaveStatus, TurnTarget } from './types';
export { resolveIntent, preAsValue, decisionFor, orderCodes } from './field-intents';
export type { FieldContext, FieldIntent, IntentResult, RefusalReason } from './field-intents';
export * from './selectors';
