/**
 * A generation run's outputs for the renderer: shared/scenario's (sid-output, learning-curve,
 * preference-*), which replace the stand-in this file held until they landed. Two words of the
 * runs view are kept: one curve per (student model, teacher model), so the strategy is the
 * teacher unless a caller says otherwise; and a left-out conversation is 'dropped' or 'failed'.
 */
import { droppedConversations as sharedDropped, learningCurves as sharedLearningCurves, type LearningCurve, type LearningCurveOptions } from '../../../../shared/scenario';
import type { GenerationJobPayload } from '../../../../shared/scenario/generation-job';

export {
  sidJsonlByTeacher, learningCurvesCsv, preferencePairs, dpoJsonl, sftJsonl, preferenceDataCard,
  type LearningCurve, type LearningCurvePoint, type PreferencePair,
} from '../../../../shared/scenario';

export interface DroppedConversation {
  conversationId: string;
  teacherModel: string;
  reasons: string[];
  status: 'dropped' | 'failed';
}

export function droppedConversations(payloads: readonly GenerationJobPayload[]): DroppedConversation[] {
  return sharedDropped(payloads).map((entry) => ({ ...entry, status: entry.status === 'failed' ? 'failed' : 'dropped' }));
}

export function learningCurves(payloads: readonly GenerationJobPayload[], { k, strategyOf = (payload) => payload.teacherModel }: LearningCurveOptions): LearningCurve[] {
  return sharedLearningCurves(payloads, { k, strategyOf });
}
