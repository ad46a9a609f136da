export { createReviewStore, reviewStore, useReviewStore } from './store';
export type { ReviewStore } from './store';
export type { EditStep, FieldEditRequest, ReviewDeps, ReviewNotice, ReviewState, SaveStatus } from './types';
export { resolveIntent, preAsValue, decisionFor, orderCodes } from './field-intents';
export type { FieldContext, FieldIntent, IntentResult, RefusalReason } from './field-intents';
export * from './selectors';
